import { arredondarValor, dec, type Decimal } from '../../dinheiro';
import { aliquotaEfetiva, type AliquotasIbsCbs } from '../../tabelas/ibs-cbs';
import type { ClassificacaoTributariaNfse } from '../../tabelas/classificacao-tributaria-nfse';

/*
 * The IBS/CBS rates of the NFS-e come from the one dated table of the domain (`tabelas/ibs-cbs.ts`, shared
 * with the NF-e). A DPS does not carry rates or amounts (its IBSCBS group, TCRTCInfoIBSCBS, has only
 * finNFSe, cIndOp, indDest and CST/cClassTrib); the authority computes them into the NFS-e
 * (TCRTCIBSCBS: pCBS, pIBSUF, pIBSMun, vCBS, vIBSUF...). This is what the simulated authority applies.
 */

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

/**
 * The NFS-e's rates, from the dated table's row of the competence (`aliquotasIbsCbsEm`), for the DPS's
 * classification (TCRTCValoresIBSCBSUF/Mun/Fed, XSD v1.01): a code with a
 * reduction (CST 011, 200) writes it and the effective rate p x (1 - pRedAliq/100), half-up to 2 places;
 * a CST under which IBS/CBS is not due (400, 410, 800, 811, 820) a reduction of 100 % and an effective
 * rate of 0 (the XSD says an absent pRedAliq makes pAliqEfet the full rate); any other, or
 * no classification, the full rate.
 */
export function aliquotasEfetivasNfse(a: AliquotasIbsCbs, c?: ClassificacaoTributariaNfse): AliquotasEfetivasNfse {
  const parte = (p: string, reducao?: string): AliquotaParteNfse => {
    const aliquota = dec(p).toFixed(2);
    // As the layout's formula has it: a 100 % reduction, so pAliqEfet = p x (1 - 1) = 0.
    if (c && !c.tributada) return { aliquota, reducao: '100.00', efetiva: '0.00' };
    if (!reducao || dec(reducao).isZero()) return { aliquota, efetiva: aliquota };
    return { aliquota, reducao: dec(reducao).toFixed(2), efetiva: aliquotaEfetiva(aliquota, reducao, 2).toFixed(2) };
  };
  return { ibsUf: parte(a.pIBSUF, c?.reducao?.ibs), ibsMun: parte(a.pIBSMun, c?.reducao?.ibs), cbs: parte(a.pCBS, c?.reducao?.cbs) };
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
