/**
 * IBS and CBS rates by date (Reforma Tributária do Consumo), as data: 2027 is a new row, not code.
 *
 * Source: LC 214/2025 art. 343 and art. 346 (2026: CBS 0.9 %, IBS 0.1 % — the test year, both
 * compensable with PIS/COFINS) and NT 2025.002-RTC (NF-e/NFC-e layout, v1.30 of 10/2025 and later):
 * for 2026 the IBS is written as IBS UF 0.10 % and IBS Municipal 0 %, and in 2026 neither IBS nor
 * CBS is added to the note's total (vNF/vNFTot). Checked 24/11/2026.
 */
export interface AliquotasIbsCbs {
  /** First day (issue date in the issuer's time, `AAAA-MM-DD`) the row applies. */
  vigenciaInicio: string;
  /** Percentages as the NF-e writes them (0.90 = 0.9 %). */
  pCBS: string;
  pIBSUF: string;
  pIBSMun: string;
  /** Whether vIBS and vCBS are added to the note's total (NT 2025.002: not in 2026). */
  compoeTotal: boolean;
  fonte: string;
}

export const ALIQUOTAS_IBS_CBS: readonly AliquotasIbsCbs[] = Object.freeze([
  {
    vigenciaInicio: '2026-01-01',
    pCBS: '0.90',
    pIBSUF: '0.10',
    pIBSMun: '0.00',
    compoeTotal: false,
    fonte: 'LC 214/2025 arts. 343 e 346; NT 2025.002-RTC v1.30+ (alíquotas de teste de 2026)',
  },
]);

/** The row in force on a date (`AAAA-MM-DD`); null before the first one. */
export function aliquotasIbsCbsEm(data: string): AliquotasIbsCbs | null {
  let vigente: AliquotasIbsCbs | null = null;
  for (const linha of ALIQUOTAS_IBS_CBS) if (linha.vigenciaInicio <= data) vigente = linha;
  return vigente;
}

/** Default CST and cClassTrib for a regime-normal sale fully taxed (decisions §8). */
export const CST_IBS_CBS_PADRAO = '000';
export const CCLASSTRIB_PADRAO = '000001';
