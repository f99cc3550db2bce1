import { arredondarValor, dec, type Decimal } from '../../dinheiro';
import { aliquotasIbsCbsEm } from '../../tabelas/ibs-cbs';

/**
 * The IBS/CBS rates of the NFS-e, from the one dated table of the domain (`tabelas/ibs-cbs.ts`, shared
 * with the NF-e). A DPS does not carry rates or amounts (its IBSCBS group, TCRTCInfoIBSCBS, has only
 * finNFSe, cIndOp, indDest and CST/cClassTrib); the authority computes them into the NFS-e
 * (TCRTCIBSCBS: pCBS, pIBSUF, pIBSMun, vCBS, vIBSUF...). This is what the simulated authority applies.
 */
export interface AliquotasIbsCbsNfse {
  /** Fractions (0.009 = 0.9 %). */
  cbs: string;
  ibsUf: string;
  ibsMun: string;
  fonte: string;
}

/** The rates in force on `data` (YYYY-MM-DD...), as fractions, or null before the table. */
export function aliquotasIbsCbsNfseEm(data: string): AliquotasIbsCbsNfse | null {
  const linha = aliquotasIbsCbsEm(data.slice(0, 10));
  if (!linha) return null;
  const fracao = (p: string) => dec(p).dividedBy(100).toString();
  return { cbs: fracao(linha.pCBS), ibsUf: fracao(linha.pIBSUF), ibsMun: fracao(linha.pIBSMun), fonte: linha.fonte };
}

export interface ValoresIbsCbsNfse {
  base: Decimal;
  cbs: Decimal;
  ibsUf: Decimal;
  ibsMun: Decimal;
}

/** Amounts over a base, each rounded half-up to 2 places (decimal arithmetic). */
export function calcularIbsCbsNfse(base: string | Decimal, a: AliquotasIbsCbsNfse): ValoresIbsCbsNfse {
  const b = dec(base);
  const r = (p: string) => arredondarValor(b.times(dec(p)));
  return { base: b, cbs: r(a.cbs), ibsUf: r(a.ibsUf), ibsMun: r(a.ibsMun) };
}
