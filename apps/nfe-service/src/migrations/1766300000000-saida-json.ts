import { migracaoSaidaJson } from '@emissor/plataforma';

/** The outbox's `dados` as json, not jsonb (why: libs/plataforma/src/caixa-saida/migracao-json.ts). */
export const NfeSaidaJson1766300000000 = migracaoSaidaJson('nfe', 'NfeSaidaJson1766300000000');
