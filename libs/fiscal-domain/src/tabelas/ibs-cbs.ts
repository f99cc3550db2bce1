import { dec, Decimal } from '../dinheiro';

/**
 * IBS and CBS rates by date (Reforma Tributária do Consumo), as data: 2027 is a new row, not code.
 *
 * Source: LC 214/2025 art. 343 and art. 346 (2026: CBS 0.9 %, IBS 0.1 % — the test year, both
 * compensable with PIS/COFINS) and NT 2025.002-RTC v1.31 (11/2025), rules UB18-10 (pIBSUF 0.1 %),
 * UB37-10 (pIBSMun 0 %), UB56-10 (pCBS 0.9 %) for notes issued in 2025 and 2026, and VB01-10
 * exceção 1 (in 2025 and 2026 vIBS and vCBS are not added to the item's and the note's total).
 * Checked 24/11/2026.
 *
 * Each row ends where the law changes the rates: 2026 was the test year only, and from 2027 the CBS is
 * charged at the reference rate the Senado Federal fixes by resolution (LC 214/2025 art. 18) and PIS/COFINS
 * end (EC 132/2023 art. 126). Until that row is here, a date past the last row has no rates: a note that
 * needs them is refused (ibsCbsSemAliquotasEm), never issued at an expired year's rates.
 */
export interface AliquotasIbsCbs {
  /** First day (issue date in the issuer's time, `AAAA-MM-DD`) the row applies. */
  vigenciaInicio: string;
  /** Last day it applies (inclusive), or null while nothing after it is known to change it. */
  vigenciaFim: string | null;
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
    vigenciaFim: '2026-12-31',
    pCBS: '0.90',
    pIBSUF: '0.10',
    pIBSMun: '0.00',
    compoeTotal: false,
    fonte: 'LC 214/2025 arts. 343 e 346; NT 2025.002-RTC v1.31, regras UB18-10, UB37-10, UB56-10 e VB01-10',
  },
]);

/**
 * First day IBS and CBS apply (LC 214/2025 art. 343: 2026 is their first year). Before it no IBSCBS
 * group applies at all, whatever the item says: that is a rule of the table, not a missing row.
 */
export const INICIO_IBS_CBS = ALIQUOTAS_IBS_CBS[0].vigenciaInicio;

/**
 * The row in force on a date (`AAAA-MM-DD`); null before INICIO_IBS_CBS, when no IBS/CBS group applies,
 * and past the last row's end, when the rates are not known here (ibsCbsSemAliquotasEm tells the two apart).
 */
export function aliquotasIbsCbsEm(data: string): AliquotasIbsCbs | null {
  return ALIQUOTAS_IBS_CBS.find((l) => l.vigenciaInicio <= data && (l.vigenciaFim === null || data <= l.vigenciaFim)) ?? null;
}

/** What a note dated past the table is told (the issuer can do nothing about it: the deployment must be updated). */
export function mensagemSemAliquotasIbsCbs(data: string): string {
  const ultima = ALIQUOTAS_IBS_CBS[ALIQUOTAS_IBS_CBS.length - 1];
  return (
    `as alíquotas de IBS/CBS em vigor em ${data} não estão na tabela deste emissor (ela vai até ${ultima.vigenciaFim}): ` +
    'a nota não é emitida com as alíquotas de um período encerrado; tente de novo depois da atualização do emissor'
  );
}

/** IBS/CBS apply on the date, but the table has no rates for it: the row of the law in force is missing. */
export function ibsCbsSemAliquotasEm(data: string): boolean {
  return data >= INICIO_IBS_CBS && aliquotasIbsCbsEm(data) === null;
}

/**
 * A rate less a classification's reduction, both in percent: p × (1 − pRedAliq / 100), half-up to `casas`
 * places. The NF-e's gRed/pAliqEfet (NT 2025.002 UB28-10, UB47-10, UB66-10: 4 places) and the NFS-e's
 * pAliqEfetUF/Mun/CBS (DPS/NFS-e XSD v1.01, TSDec2V2: 2 places) are this one formula.
 */
export const aliquotaEfetiva = (p: string | Decimal, pRedAliq: string | Decimal, casas: number): Decimal =>
  dec(p).times(dec(100).minus(pRedAliq)).dividedBy(100).toDecimalPlaces(casas, Decimal.ROUND_HALF_UP);

/** Default CST and cClassTrib for a regime-normal sale fully taxed (decisions §8). */
export const CST_IBS_CBS_PADRAO = '000';
export const CCLASSTRIB_PADRAO = '000001';
