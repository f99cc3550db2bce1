import { migracaoSaidaJson } from '@emissor/plataforma';

/** The outbox's `dados` as json, not jsonb (why: libs/plataforma/src/caixa-saida/migracao-json.ts). */
export const MunicipalSaidaJson1766300000000 = migracaoSaidaJson('municipal', 'MunicipalSaidaJson1766300000000');
