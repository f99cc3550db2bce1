import { migracaoCaixas } from '@emissor/plataforma';

/** The outbox's `dados` as json, the inbox's `recebido_em` as `processado_em`, and the retention purge's indexes (why: libs/plataforma/src/caixa-saida/migracao-caixas.ts). */
export const NfseCaixas1766300000000 = migracaoCaixas('nfse', 'NfseCaixas1766300000000', 'recebido_em');
