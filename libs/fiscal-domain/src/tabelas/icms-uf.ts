import type { Uf } from '../datas';

/**
 * Each state's general ("modal") internal ICMS rate and its Fundo de Combate à Pobreza on the general
 * rate, for the DIFAL (ICMSUFDest) of sales to final consumers who are not ICMS taxpayers.
 * Fractions, like the API's rates. Goods with their own rate are sent by the item
 * (`aliquota_icms_uf_destino`, `aliquota_fcp_uf_destino`).
 *
 * Sources (checked 24/11/2026): the SVRS DIFAL portal's table (difal.svrs.rs.gov.br/aliquotas) and the
 * state laws that changed the modal rate: AC LC 422/2022, AL Lei 8.779/2022, AM LC 242/2022, BA Lei
 * 14.629/2023, CE Lei 18.305/2023, DF Lei 7.326/2023, GO Lei 21.670/2022, MA Lei 12.426/2024, PA Lei
 * 9.755/2022, PB Lei 12.788/2023, PE Lei 18.305/2023, PI Lei 8.558/2024, PR Lei 21.850/2023, RJ Lei
 * 10.253/2023 (20 % + 2 % FECP), RN Lei 11.999/2024, RO Lei 5.629/2023, RR Lei 1.767/2022, SE Lei
 * 9.120/2022 as amended, TO Lei 4.141/2023. A new row with a later start date is how a change enters.
 */
export interface AliquotaInternaUf {
  vigenciaInicio: string;
  interna: string;
  fcp: string;
}

const linha = (interna: string, fcp = '0', vigenciaInicio = '2025-04-01'): AliquotaInternaUf => ({ vigenciaInicio, interna, fcp });

export const ALIQUOTAS_INTERNAS_UF: Readonly<Record<Uf, readonly AliquotaInternaUf[]>> = Object.freeze({
  AC: [linha('0.19')],
  AL: [linha('0.19', '0.01')],
  AM: [linha('0.20')],
  AP: [linha('0.18')],
  BA: [linha('0.205')],
  CE: [linha('0.20')],
  DF: [linha('0.20')],
  ES: [linha('0.17')],
  GO: [linha('0.19')],
  MA: [linha('0.23')],
  MG: [linha('0.18')],
  MS: [linha('0.17')],
  MT: [linha('0.17')],
  PA: [linha('0.19')],
  PB: [linha('0.20')],
  PE: [linha('0.205')],
  PI: [linha('0.225')],
  PR: [linha('0.195')],
  RJ: [linha('0.20', '0.02')],
  RN: [linha('0.20')],
  RO: [linha('0.195')],
  RR: [linha('0.20')],
  RS: [linha('0.17')],
  SC: [linha('0.17')],
  SE: [linha('0.19', '0.01')],
  SP: [linha('0.18')],
  TO: [linha('0.20')],
});

/** The state's internal rate and FCP on a date (`AAAA-MM-DD`); the earliest row before its start. */
export function aliquotaInternaUf(uf: Uf, data: string): AliquotaInternaUf {
  const linhas = ALIQUOTAS_INTERNAS_UF[uf];
  let vigente = linhas[0];
  for (const l of linhas) if (l.vigenciaInicio <= data) vigente = l;
  return vigente;
}

/**
 * Interstate ICMS rate (Resolução do Senado 22/1989 and 13/2012): 4 % for imported goods (origem 1, 2,
 * 3, 8); 7 % from the South and Southeast, except Espírito Santo, to the North, Northeast, Center-West
 * and Espírito Santo; 12 % otherwise.
 */
const SUL_SUDESTE_SEM_ES: readonly Uf[] = ['MG', 'PR', 'RJ', 'RS', 'SC', 'SP'];
export const ORIGENS_IMPORTADAS: readonly number[] = [1, 2, 3, 8];

export function aliquotaInterestadual(origemMercadoria: number, ufOrigem: Uf, ufDestino: Uf): '0.04' | '0.07' | '0.12' {
  if (ORIGENS_IMPORTADAS.includes(origemMercadoria)) return '0.04';
  if (SUL_SUDESTE_SEM_ES.includes(ufOrigem) && !SUL_SUDESTE_SEM_ES.includes(ufDestino)) return '0.07';
  return '0.12';
}
