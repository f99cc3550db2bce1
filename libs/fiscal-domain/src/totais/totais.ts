import { formatarQuantidade, formatarValor, formatarValorUnitario, somar, ZERO, type Decimal } from '../dinheiro';
import type { ItemCalculado } from './tributos';

/** The spec's `totais` object: all 14 fields, decimal strings with 2 places. */
export interface Totais {
  valor_produtos: string;
  valor_frete: string;
  valor_seguro: string;
  valor_desconto: string;
  valor_outras_despesas: string;
  valor_bc_icms: string;
  valor_icms: string;
  valor_bc_icms_st: string;
  valor_icms_st: string;
  valor_ipi: string;
  valor_pis: string;
  valor_cofins: string;
  valor_ii: string;
  valor_total: string;
}

/** The same figures as decimals, for further arithmetic (payments, ICMSTot). */
export interface TotaisDecimais {
  vProd: Decimal;
  vFrete: Decimal;
  vSeg: Decimal;
  vDesc: Decimal;
  vOutro: Decimal;
  vBC: Decimal;
  vICMS: Decimal;
  vBCST: Decimal;
  vST: Decimal;
  vIPI: Decimal;
  vPIS: Decimal;
  vCOFINS: Decimal;
  vII: Decimal;
  vNF: Decimal;
  /** ICMSTot's DIFAL fields, when any item carries ICMSUFDest. */
  difal?: { vFCPUFDest: Decimal; vICMSUFDest: Decimal; vICMSUFRemet: Decimal };
  /** IBSCBSTot, when any item carries IBSCBS; vNFTot = vNF (+ vIBS + vCBS when the year's rule adds them). */
  ibsCbs?: { vBCIBSCBS: Decimal; vIBSUF: Decimal; vIBSMun: Decimal; vIBS: Decimal; vCBS: Decimal; vNFTot: Decimal };
}

/**
 * Sums of the already-rounded item values (so they reconcile to the centavo). The API has no
 * freight, insurance, other expenses or import duty, so those are 0.
 * vNF = vProd − vDesc + vST + vFrete + vSeg + vOutro + vII + vIPI (MOC 4.00, W16 rule); the DIFAL
 * is not part of it. vNFTot adds vIBS + vCBS only when `ibsCbsCompoeTotal` (NT 2025.002: not in 2026).
 */
export function calcularTotaisDecimais(itens: readonly ItemCalculado[], ibsCbsCompoeTotal = false): TotaisDecimais {
  const vProd = somar(itens.map((i) => i.valorProduto));
  const vDesc = somar(itens.map((i) => i.valorDesconto));
  const vBC = somar(itens.map((i) => i.icms.base ?? ZERO));
  const vICMS = somar(itens.map((i) => i.icms.valor ?? ZERO));
  const vIPI = somar(itens.map((i) => i.ipi?.valor ?? ZERO));
  const vPIS = somar(itens.map((i) => i.pis.valor ?? ZERO));
  const vCOFINS = somar(itens.map((i) => i.cofins.valor ?? ZERO));
  const vBCST = somar(itens.map((i) => i.icms.st?.base ?? ZERO));
  const vST = somar(itens.map((i) => i.icms.st?.valor ?? ZERO));
  const vFrete = ZERO;
  const vSeg = ZERO;
  const vOutro = ZERO;
  const vII = ZERO;
  const vNF = vProd.minus(vDesc).plus(vST).plus(vFrete).plus(vSeg).plus(vOutro).plus(vII).plus(vIPI);
  const totais: TotaisDecimais = { vProd, vFrete, vSeg, vDesc, vOutro, vBC, vICMS, vBCST, vST, vIPI, vPIS, vCOFINS, vII, vNF };
  const difais = itens.flatMap((i) => (i.difal ? [i.difal] : []));
  if (difais.length) {
    totais.difal = {
      vFCPUFDest: somar(difais.map((d) => d.valorFcp)),
      vICMSUFDest: somar(difais.map((d) => d.valorUfDestino)),
      vICMSUFRemet: somar(difais.map((d) => d.valorUfRemetente)),
    };
  }
  if (itens.some((i) => i.ibsCbs)) {
    const valores = itens.flatMap((i) => (i.ibsCbs?.valores ? [i.ibsCbs.valores] : []));
    const v = (f: (x: (typeof valores)[number]) => Decimal) => somar(valores.map(f));
    const vIBS = v((x) => x.vIBS);
    const vCBS = v((x) => x.vCBS);
    totais.ibsCbs = {
      vBCIBSCBS: v((x) => x.base),
      vIBSUF: v((x) => x.vIBSUF),
      vIBSMun: v((x) => x.vIBSMun),
      vIBS,
      vCBS,
      vNFTot: ibsCbsCompoeTotal ? vNF.plus(vIBS).plus(vCBS) : vNF,
    };
  }
  return totais;
}

export function formatarTotais(t: TotaisDecimais): Totais {
  return {
    valor_produtos: formatarValor(t.vProd),
    valor_frete: formatarValor(t.vFrete),
    valor_seguro: formatarValor(t.vSeg),
    valor_desconto: formatarValor(t.vDesc),
    valor_outras_despesas: formatarValor(t.vOutro),
    valor_bc_icms: formatarValor(t.vBC),
    valor_icms: formatarValor(t.vICMS),
    valor_bc_icms_st: formatarValor(t.vBCST),
    valor_icms_st: formatarValor(t.vST),
    valor_ipi: formatarValor(t.vIPI),
    valor_pis: formatarValor(t.vPIS),
    valor_cofins: formatarValor(t.vCOFINS),
    valor_ii: formatarValor(t.vII),
    valor_total: formatarValor(t.vNF),
  };
}

export function calcularTotais(itens: readonly ItemCalculado[], ibsCbsCompoeTotal = false): Totais {
  return formatarTotais(calcularTotaisDecimais(itens, ibsCbsCompoeTotal));
}

/** `itens[]` of the note response, as the spec names its fields. */
export interface ItemResposta {
  numero_item: number;
  descricao: string;
  ncm: string;
  cfop: string;
  unidade_comercial: string;
  quantidade: string;
  valor_unitario: string;
  /** vProd: quantidade × valor_unitario, before the discount (as in the NF-e). */
  valor_total: string;
  valor_desconto: string;
  codigo?: string;
  cest?: string;
  origem?: number;
  cst_icms?: string;
  csosn?: string;
  aliquota_icms?: string;
  cst_pis?: string;
  cst_cofins?: string;
  cst_ipi?: string;
  aliquota_ipi?: string;
}

export function itemParaResposta(calc: ItemCalculado): ItemResposta {
  const i = calc.item;
  const r: ItemResposta = {
    numero_item: calc.numero_item,
    descricao: i.descricao ?? '',
    ncm: i.ncm ?? '',
    cfop: i.cfop ?? '',
    unidade_comercial: i.unidade_comercial ?? '',
    quantidade: formatarQuantidade(i.quantidade),
    valor_unitario: formatarValorUnitario(i.valor_unitario ?? '0'),
    valor_total: formatarValor(calc.valorProduto),
    valor_desconto: formatarValor(calc.valorDesconto),
  };
  if (i.codigo !== undefined) r.codigo = i.codigo;
  if (i.cest !== undefined) r.cest = i.cest;
  r.origem = calc.icms.origem;
  if (calc.icms.cst !== undefined) r.cst_icms = calc.icms.cst;
  if (calc.icms.csosn !== undefined) r.csosn = calc.icms.csosn;
  if (i.aliquota_icms !== undefined) r.aliquota_icms = i.aliquota_icms; // rates as sent
  r.cst_pis = calc.pis.cst;
  r.cst_cofins = calc.cofins.cst;
  if (calc.ipi) r.cst_ipi = calc.ipi.cst;
  if (i.aliquota_ipi !== undefined) r.aliquota_ipi = i.aliquota_ipi;
  return r;
}
