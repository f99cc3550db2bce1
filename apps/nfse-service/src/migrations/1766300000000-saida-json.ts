import { migracaoSaidaJson } from '@emissor/plataforma';

/** The outbox's `dados` as json, not jsonb (why: libs/plataforma/src/caixa-saida/migracao-json.ts). */
export const NfseSaidaJson1766300000000 = migracaoSaidaJson('nfse', 'NfseSaidaJson1766300000000');
