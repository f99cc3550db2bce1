import { arredondarValor, dec, type Decimal } from '../../dinheiro';
import { aliquotasIbsCbsEm } from '../../tabelas/ibs-cbs';
import type { ClassificacaoTributariaNfse } from '../../tabelas/classificacao-tributaria-nfse';

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

/** The rates of one part (UF, municipality, CBS) as the NFS-e writes them: percentages with 2 places. */
export interface AliquotaParteNfse {
  /** The rate of the date (pIBSUF, pIBSMun, pCBS). */
  aliquota: string;
  /** The code's reduction (pRedAliqUF, pRedAliqMun, pRedAliqCBS), when it has one; 100 when IBS/CBS is not due. */
  reducao?: string;
  /** pAliqEfet = p x (1 - pRedAliq/100). */
  efetiva: string;
}
export interface AliquotasEfetivasNfse {
  ibsUf: AliquotaParteNfse;
  ibsMun: AliquotaParteNfse;
  cbs: AliquotaParteNfse;
}

const percentual = (fracao: string) => dec(fracao).times(100).toDecimalPlaces(2, 4).toFixed(2);

/**
 * The NFS-e's rates for the DPS's classification (TCRTCValoresIBSCBSUF/Mun/Fed, XSD v1.01): a code with a
 * reduction (CST 011, 200) writes it and the effective rate p x (1 - pRedAliq/100), half-up to 2 places;
 * a CST under which IBS/CBS is not due (400, 410, 800, 811, 820) a reduction of 100 % and an effective
 * rate of 0 (the XSD says an absent pRedAliq makes pAliqEfet the full rate); any other, or
 * no classification, the full rate.
 */
export function aliquotasEfetivasNfse(a: AliquotasIbsCbsNfse, c?: ClassificacaoTributariaNfse): AliquotasEfetivasNfse {
  const parte = (fracao: string, reducao?: string): AliquotaParteNfse => {
    const aliquota = percentual(fracao);
    // As the layout's formula has it: a 100 % reduction, so pAliqEfet = p x (1 - 1) = 0.
    if (c && !c.tributada) return { aliquota, reducao: '100.00', efetiva: '0.00' };
    if (!reducao || dec(reducao).isZero()) return { aliquota, efetiva: aliquota };
    const efetiva = dec(aliquota).times(dec(100).minus(reducao)).dividedBy(100).toDecimalPlaces(2, 4).toFixed(2);
    return { aliquota, reducao: dec(reducao).toFixed(2), efetiva };
  };
  return { ibsUf: parte(a.ibsUf, c?.reducao?.ibs), ibsMun: parte(a.ibsMun, c?.reducao?.ibs), cbs: parte(a.cbs, c?.reducao?.cbs) };
}

export interface ValoresIbsCbsNfse {
  base: Decimal;
  cbs: Decimal;
  ibsUf: Decimal;
  ibsMun: Decimal;
}

/** Amounts over a base at the effective rates (percent), each rounded half-up to 2 places (decimal arithmetic). */
export function calcularIbsCbsNfse(base: string | Decimal, a: AliquotasEfetivasNfse): ValoresIbsCbsNfse {
  const b = dec(base);
  const r = (p: AliquotaParteNfse) => arredondarValor(b.times(dec(p.efetiva)).dividedBy(100));
  return { base: b, cbs: r(a.cbs), ibsUf: r(a.ibsUf), ibsMun: r(a.ibsMun) };
}
