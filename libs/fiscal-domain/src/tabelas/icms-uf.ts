import type { Uf } from '../datas';

/**
 * Each state's general ("modal") internal ICMS rate and the Fundo de Combate à Pobreza that applies
 * to goods in general, for the DIFAL (ICMSUFDest) of sales to final consumers who are not ICMS
 * taxpayers. Fractions, like the API's rates. Goods with their own rate or with an FCP of their own
 * (most states charge FCP only on listed goods) are sent by the item (`aliquota_icms_uf_destino`,
 * `aliquota_fcp_uf_destino`).
 *
 * Every row says the law that set it and the first day it applies. A change enters as a new row with
 * a later start date. A date before a state's first row is an error (`DataForaDaTabelaIcms`): the
 * table vouches for nothing earlier, and a silent fallback would put an unverified rate in a note.
 * For the states whose rate did not change in the 2023-2025 rounds, the first row starts on
 * 2023-01-01: the date from which the sources below were checked, not the law's own start.
 *
 * Sources (read 24/11/2026; no change after April 2025 was found in them):
 *  - 2023 round: Machado Meyer, "Doze Estados majoraram as alíquotas internas de ICMS a partir de
 *    2023" (machadomeyer.com.br, 01/2023) and Sindipesa/Paulicon (sindipesa.org.br/?p=7866, 2023);
 *  - 2024 round: Grid Sistemas, "Novas alíquotas de ICMS para 2024" (gridsistemas.com.br, 12/2023),
 *    ADVPrev 09/01/2024 (advprev.com.br), Consult, "ICMS/PR: alterações de alíquotas internas"
 *    (consult.com.br, 12/2023), Hiper Serviços on RJ Lei 10.253/2023 (hiperservicos.com.br, 12/2023);
 *  - 2025 round: Gesif/IOB, "Estados alteram alíquotas internas do ICMS para 2025" (gesif.com.br,
 *    06/01/2025);
 *  - CE and PE both have a "Lei 18.305/2023": CE's of 15/02/2023 (cited by CE Decreto 35.808 of
 *    29/12/2023, legisweb.com.br) and PE's of 30/09/2023 (ALEPE, text of Lei 17.898/2022 "revogada
 *    pelo art. 19 da Lei 18.305, de 30 de setembro de 2023", legis.alepe.pe.gov.br);
 *  - general FCP: RJ FECP 2 % (LC RJ 210 of 21/07/2023, Decreto RJ 48.664/2023), AL FECOEP 1 % on
 *    goods not listed at 2 % (Lei AL 6.558/2004 art. 2º-A, added in 12/2015, legisweb.com.br), SE
 *    Funpobreza 1 % (Lei SE 4.731/2002 art. 2º-A, added by Lei 9.177 of 31/03/2023, effects from
 *    01/05/2023 by Decreto 295/2023, taxesbrasil.com.br / substituicaotributaria.com).
 */
export interface AliquotaInternaUf {
  /** First day (`AAAA-MM-DD`) the row applies. */
  vigenciaInicio: string;
  interna: string;
  fcp: string;
  /** The act that set the rate (and the FCP, when general). */
  fonte: string;
}

const linha = (vigenciaInicio: string, interna: string, fcp: string, fonte: string): AliquotaInternaUf =>
  Object.freeze({ vigenciaInicio, interna, fcp, fonte });
/** Rate unchanged in the 2023-2025 rounds: the row starts where the sources were checked. */
const SEM_MUDANCA = '2023-01-01';

export const ALIQUOTAS_INTERNAS_UF: Readonly<Record<Uf, readonly AliquotaInternaUf[]>> = Object.freeze({
  AC: [linha('2023-04-01', '0.19', '0', 'LC AC 422/2022')],
  AL: [linha('2023-04-01', '0.19', '0.01', 'Lei AL 8.779/2022; FECOEP: Lei AL 6.558/2004 art. 2º-A')],
  AM: [linha('2023-03-29', '0.20', '0', 'LC AM 242/2022')],
  AP: [linha(SEM_MUDANCA, '0.18', '0', 'Lei AP 400/1997')],
  BA: [linha('2024-02-07', '0.205', '0', 'Lei BA 14.629/2023 (DOE 09/11/2023)')],
  CE: [linha('2024-01-01', '0.20', '0', 'Lei CE 18.305, de 15/02/2023')],
  DF: [linha('2024-01-21', '0.20', '0', 'Lei DF 7.326/2023 (DODF 23/10/2023)')],
  ES: [linha(SEM_MUDANCA, '0.17', '0', 'Lei ES 7.000/2001')],
  GO: [linha('2024-04-01', '0.19', '0', 'Lei GO 22.460/2023')],
  MA: [linha('2025-02-23', '0.23', '0', 'Lei MA 12.426/2024')],
  MG: [linha(SEM_MUDANCA, '0.18', '0', 'Lei MG 6.763/1975')],
  MS: [linha(SEM_MUDANCA, '0.17', '0', 'Lei MS 1.810/1997')],
  MT: [linha(SEM_MUDANCA, '0.17', '0', 'Lei MT 7.098/1998')],
  PA: [linha('2023-03-16', '0.19', '0', 'Lei PA 9.755/2022')],
  PB: [linha('2024-01-01', '0.20', '0', 'Lei PB 12.788/2023 (DOE 29/09/2023)')],
  PE: [linha('2024-01-01', '0.205', '0', 'Lei PE 18.305, de 30/09/2023')],
  PI: [linha('2025-04-01', '0.225', '0', 'Lei PI 8.558/2024')],
  PR: [linha('2024-03-13', '0.195', '0', 'Lei PR 21.850, de 14/12/2023 (art. 4º)')],
  RJ: [linha('2024-03-20', '0.20', '0.02', 'Lei RJ 10.253, de 20/12/2023; FECP: LC RJ 210/2023')],
  RN: [linha('2025-03-20', '0.20', '0', 'Lei RN 11.999/2024')],
  RO: [linha('2024-01-12', '0.195', '0', 'Lei RO 5.629/2023 (DOE 14/10/2023)')],
  RR: [linha('2023-03-30', '0.20', '0', 'Lei RR 1.767/2022')],
  RS: [linha(SEM_MUDANCA, '0.17', '0', 'Lei RS 8.820/1989')],
  SC: [linha(SEM_MUDANCA, '0.17', '0', 'Lei SC 10.297/1996')],
  SE: [linha('2023-05-01', '0.19', '0.01', 'Leis SE 9.176 e 9.177, de 31/03/2023 (Funpobreza: Lei SE 4.731/2002 art. 2º-A)')],
  SP: [linha(SEM_MUDANCA, '0.18', '0', 'Lei SP 6.374/1989')],
  TO: [linha('2023-04-01', '0.20', '0', 'MP TO 33/2022, convertida na Lei TO 4.141/2023')],
});

/** A date the table has no row for: the rate is unknown, not the first row's. */
export class DataForaDaTabelaIcms extends Error {
  constructor(
    readonly uf: Uf,
    readonly data: string,
  ) {
    super(`Sem alíquota interna de ICMS de ${uf} para ${data}: a tabela começa em ${ALIQUOTAS_INTERNAS_UF[uf][0].vigenciaInicio}`);
    this.name = 'DataForaDaTabelaIcms';
  }
}

/** The state's internal rate and FCP on a date (`AAAA-MM-DD`); DataForaDaTabelaIcms before its first row. */
export function aliquotaInternaUf(uf: Uf, data: string): AliquotaInternaUf {
  let vigente: AliquotaInternaUf | undefined;
  for (const l of ALIQUOTAS_INTERNAS_UF[uf]) if (l.vigenciaInicio <= data) vigente = l;
  if (!vigente) throw new DataForaDaTabelaIcms(uf, data);
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
  return aliquotaInterestadualDaRota(ufOrigem, ufDestino);
}

/** The route's rate for national goods: 7 % from the South and Southeast but ES to the other states, else 12 %. */
export function aliquotaInterestadualDaRota(ufOrigem: Uf, ufDestino: Uf): '0.07' | '0.12' {
  return SUL_SUDESTE_SEM_ES.includes(ufOrigem) && !SUL_SUDESTE_SEM_ES.includes(ufDestino) ? '0.07' : '0.12';
}
