import { arredondarValor, dec, type Decimal, ZERO } from '../../dinheiro';
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

/** What the authority deducts from the service value to reach the IBS/CBS base of an NFS-e. */
export interface DeducoesBaseIbsCbsNfse {
  vServ: Decimal;
  /** descIncond of the DPS. */
  vDescIncond: Decimal;
  /** vCalcReeRepRes: the documents of reimbursement, pass-through or compensation the DPS references (gReeRepRes). */
  vCalcReeRepRes: Decimal;
  /** The NFS-e's ISSQN (none for a Simples, MEI or untaxed service). */
  vISSQN: Decimal | null;
  /** PIS and COFINS the DPS declares (tribFed/piscofins). */
  vPis: Decimal;
  vCofins: Decimal;
  /** dCompet of the DPS, YYYY-MM-DD. */
  competencia: string;
}

/**
 * The last competence whose IBS/CBS base also leaves out PIS and COFINS: the contributions the CBS
 * replaces from 2027 (LC 214/2025; the layout's formula below says "até 2026").
 */
export const ULTIMA_COMPETENCIA_BASE_SEM_PIS_COFINS = '2026-12-31';

/**
 * The IBS/CBS base of an NFS-e (vBC of TCRTCValoresIBSCBS, XSD v1.01 documentation):
 * vServ − descIncond − vCalcReeRepRes − vISSQN − vPIS − vCOFINS until 2026, and without the PIS/COFINS
 * terms after it (until 2032, while the ISS exists). Never below zero.
 */
export function baseIbsCbsNfse(d: DeducoesBaseIbsCbsNfse): Decimal {
  const pisCofins = d.competencia <= ULTIMA_COMPETENCIA_BASE_SEM_PIS_COFINS ? d.vPis.plus(d.vCofins) : ZERO;
  const base = d.vServ
    .minus(d.vDescIncond)
    .minus(d.vCalcReeRepRes)
    .minus(d.vISSQN ?? ZERO)
    .minus(pisCofins);
  return base.isNegative() ? ZERO : base;
}
