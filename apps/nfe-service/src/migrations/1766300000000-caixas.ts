import { migracaoCaixas } from '@emissor/plataforma';

/** The outbox's `dados` as json, and the retention purge's indexes (why: libs/plataforma/src/caixa-saida/migracao-caixas.ts). */
export const NfeCaixas1766300000000 = migracaoCaixas('nfe', 'NfeCaixas1766300000000');
