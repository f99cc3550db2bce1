import type { Uf } from '../datas';
import { arredondarValor, dec, Decimal, ZERO } from '../dinheiro';
import {
  aliquotaEfetiva,
  aliquotaInterestadual,
  aliquotaInternaUf,
  CCLASSTRIB_PADRAO,
  classificacaoTributariaNfe,
  CST_IBS_CBS_PADRAO,
  type AliquotasIbsCbs,
} from '../tabelas';
import {
  contem,
  CST_IBS_CBS_REDUCAO,
  CST_IBS_CBS_TRIBUTADO,
  CSOSN_PADRAO,
  CST_IPI_TRIBUTADO,
  CST_PIS_COFINS_ALIQUOTA,
  CST_PIS_COFINS_NAO_TRIBUTADO,
  CST_PIS_COFINS_SEM_CONTRIBUICAO,
  cstPisCofinsPadrao,
  usaCsosn,
  type Crt,
  type ItemPreenchido,
} from '../itens';

/**
 * PIS and COFINS rates (fractions) by how the company computes them.
 *  - cumulativa (lucro presumido/arbitrado): PIS 0.65% (Lei 9.715/1998, art. 8º, I), COFINS 3%
 *    (Lei 9.718/1998, art. 8º);
 *  - não cumulativa (lucro real): PIS 1.65% (Lei 10.637/2002, art. 2º), COFINS 7.6% (Lei 10.833/2003, art. 2º);
 *  - Simples Nacional, excess of sublimit and MEI (CRT 1, 2, 4): 0 on the note, because both are paid
 *    inside the DAS (LC 123/2006, art. 13, IV and V; the sublimit only moves ICMS/ISS out of it).
 * A normal-regime company (CRT 3) that does not say which applies is taken as cumulativa.
 */
export type ApuracaoPisCofins = 'cumulativa' | 'nao_cumulativa';
export const ALIQUOTAS_PIS_COFINS: Readonly<Record<ApuracaoPisCofins, { pis: string; cofins: string }>> = Object.freeze({
  cumulativa: { pis: '0.0065', cofins: '0.03' },
  nao_cumulativa: { pis: '0.0165', cofins: '0.076' },
});
export const APURACAO_PIS_COFINS_PADRAO: ApuracaoPisCofins = 'cumulativa';
export const APURACOES_PIS_COFINS = Object.keys(ALIQUOTAS_PIS_COFINS) as readonly ApuracaoPisCofins[];

/**
 * The apuração applies to the normal regime only (regime_tributario 3): the others pay both inside the
 * DAS. An unknown regime (not sent in a partial change) leaves the judgement to the record as a whole.
 */
export function apuracaoPisCofinsPermitida(regime: unknown, apuracao: unknown): boolean {
  return apuracao === undefined || apuracao === null || regime === undefined || regime === 3;
}

/** What a company's registration shows: its choice in the normal regime (cumulativa when it made none), else null. */
export function apuracaoPisCofinsEmVigor(empresa: { regime_tributario?: number | null; apuracao_pis_cofins?: ApuracaoPisCofins | null }) {
  return empresa.regime_tributario === 3 ? (empresa.apuracao_pis_cofins ?? APURACAO_PIS_COFINS_PADRAO) : null;
}

export interface ContextoTributacao {
  crt: Crt;
  apuracaoPisCofins?: ApuracaoPisCofins;
  /**
   * Sale to an end consumer: the IPI then enters the ICMS base (CF art. 155, §2º, XI only keeps
   * it out between taxpayers for resale or industrialization).
   */
  consumidorFinal: boolean;
  /**
   * The states of the operation (for the ST deduction of codes without an own-ICMS rate and the
   * DIFAL). `difal`: interstate sale to a final consumer who is not an ICMS taxpayer (NT 2015.003).
   */
  operacao?: { ufOrigem: Uf; ufDestino?: Uf; interestadual: boolean; difal: boolean; data: string };
  /** IBS/CBS rates in force on the note's date (null or absent: before 2026, no IBSCBS group at all). */
  aliquotasIbsCbs?: AliquotasIbsCbs | null;
}

export type GrupoIcms =
  | 'ICMS00'
  | 'ICMS10'
  | 'ICMS20'
  | 'ICMS30'
  | 'ICMS40'
  | 'ICMS51'
  | 'ICMS60'
  | 'ICMS70'
  | 'ICMS90'
  | 'ICMSSN101'
  | 'ICMSSN102'
  | 'ICMSSN201'
  | 'ICMSSN202'
  | 'ICMSSN500'
  | 'ICMSSN900';

/** ICMS retained by substituição tributária (modBCST 4: margem de valor agregado). */
export interface IcmsStCalculado {
  mva: Decimal;
  reducaoBase?: Decimal;
  base: Decimal;
  aliquota: Decimal;
  valor: Decimal;
}

/** ICMSUFDest (NT 2015.003): the destination state's share of an interstate sale to a non-taxpayer. */
export interface DifalCalculado {
  base: Decimal;
  aliquotaFcp: Decimal;
  aliquotaInterna: Decimal;
  aliquotaInterestadual: Decimal;
  valorFcp: Decimal;
  valorUfDestino: Decimal;
  valorUfRemetente: Decimal;
}

/** One part's gRed (CST 200): the reduction and the rate that results, both in percent as written. */
export interface ReducaoAliquota {
  pRedAliq: Decimal;
  pAliqEfet: Decimal;
}

/** The IBSCBS group of an item (NT 2025.002). `valores` only for taxed CSTs (gIBSCBS). */
export interface IbsCbsCalculado {
  cst: string;
  cClassTrib: string;
  valores?: {
    base: Decimal;
    /** Percentages as written (0.10 = 0.1 %): the full rates of the date, also under a reduction. */
    pIBSUF: Decimal;
    vIBSUF: Decimal;
    pIBSMun: Decimal;
    vIBSMun: Decimal;
    vIBS: Decimal;
    pCBS: Decimal;
    vCBS: Decimal;
    /** CST 200: each part's gRed; its values are the base at pAliqEfet. */
    reducao?: { ibsUf: ReducaoAliquota; ibsMun: ReducaoAliquota; cbs: ReducaoAliquota };
  };
}

export interface IcmsCalculado {
  grupo: GrupoIcms;
  origem: number;
  cst?: string;
  csosn?: string;
  /** Present when the group carries base, rate and value (enters ICMSTot vBC/vICMS). */
  base?: Decimal;
  aliquota?: Decimal;
  valor?: Decimal;
  /** CSOSN 101 (and 900 when informed): Simples credit rate and value; never in the totals. */
  aliquotaCreditoSn?: Decimal;
  valorCreditoSn?: Decimal;
  /** CST 20 and 70: reduction of the own base (pRedBC). */
  reducaoBase?: Decimal;
  st?: IcmsStCalculado;
}

export interface IpiCalculado {
  grupo: 'IPITrib' | 'IPINT';
  cst: string;
  base?: Decimal;
  aliquota?: Decimal;
  valor?: Decimal;
}

export interface ContribuicaoCalculada {
  grupo: 'Aliq' | 'NT' | 'Outr';
  cst: string;
  base?: Decimal;
  aliquota?: Decimal;
  valor?: Decimal;
}

export interface ItemCalculado {
  numero_item: number;
  item: ItemPreenchido;
  /** vProd = quantidade × valor_unitario, half-up to 2 places. */
  valorProduto: Decimal;
  valorDesconto: Decimal;
  icms: IcmsCalculado;
  ipi?: IpiCalculado;
  pis: ContribuicaoCalculada;
  cofins: ContribuicaoCalculada;
  difal?: DifalCalculado;
  ibsCbs?: IbsCbsCalculado;
}

const aplicar = (base: Decimal, fracao: Decimal) => arredondarValor(base.times(fracao));

function aliquotaContribuicao(contexto: ContextoTributacao, qual: 'pis' | 'cofins'): Decimal {
  if (contexto.crt !== 3) return ZERO;
  return dec(ALIQUOTAS_PIS_COFINS[contexto.apuracaoPisCofins ?? APURACAO_PIS_COFINS_PADRAO][qual]);
}

function calcularIpi(item: ItemPreenchido, baseItem: Decimal): IpiCalculado | undefined {
  if (item.cst_ipi === undefined) return undefined;
  if (!contem(CST_IPI_TRIBUTADO, item.cst_ipi)) return { grupo: 'IPINT', cst: item.cst_ipi };
  const aliquota = item.aliquota_ipi !== undefined ? dec(item.aliquota_ipi) : ZERO;
  return { grupo: 'IPITrib', cst: item.cst_ipi, base: baseItem, aliquota, valor: aplicar(baseItem, aliquota) };
}

/**
 * The rate of the own operation that ST deducts, for codes that carry none of their own (CST 30 and
 * CSOSN 201/202/203, unless the item sends `aliquota_icms` for 30/202/203): the issuer state's internal
 * rate inside the state, the interstate rate otherwise.
 */
function aliquotaOperacaoPropria(item: ItemPreenchido, contexto: ContextoTributacao, usarItem: boolean): Decimal {
  if (usarItem && item.aliquota_icms !== undefined) return dec(item.aliquota_icms);
  const op = contexto.operacao;
  if (!op) return ZERO;
  if (op.interestadual && op.ufDestino) return dec(aliquotaInterestadual(item.origem ?? 0, op.ufOrigem, op.ufDestino));
  return dec(aliquotaInternaUf(op.ufOrigem, op.data).interna);
}

/**
 * ST of one item (MVA method): base = (vProd − desconto + IPI) × (1 + MVA) × (1 − redução da base ST);
 * value = base × ST rate − ICMS of the own operation (never below 0).
 */
function calcularSt(item: ItemPreenchido, liquido: Decimal, ipi: Decimal, icmsProprio: Decimal): IcmsStCalculado {
  const mva = dec(item.mva_icms_st ?? '0');
  const reducaoBase = item.reducao_base_calculo_icms_st !== undefined ? dec(item.reducao_base_calculo_icms_st) : undefined;
  const aliquota = dec(item.aliquota_icms_st ?? '0');
  const base = arredondarValor(
    liquido
      .plus(ipi)
      .times(mva.plus(1))
      .times(reducaoBase ? dec(1).minus(reducaoBase) : 1),
  );
  const valor = Decimal.max(aplicar(base, aliquota).minus(icmsProprio), ZERO);
  return { mva, reducaoBase, base, aliquota, valor };
}

function calcularIcms(item: ItemPreenchido, base: Decimal, liquido: Decimal, ipi: Decimal, contexto: ContextoTributacao): IcmsCalculado {
  const origem = item.origem ?? 0;
  const aliquota = item.aliquota_icms !== undefined ? dec(item.aliquota_icms) : undefined;
  const comBase = (grupo: GrupoIcms, codigo: { cst?: string; csosn?: string }): IcmsCalculado =>
    aliquota === undefined ? { grupo, origem, ...codigo } : { grupo, origem, ...codigo, base, aliquota, valor: aplicar(base, aliquota) };
  const reduzida = (grupo: GrupoIcms, cst: string): IcmsCalculado => {
    const reducaoBase = dec(item.reducao_base_calculo_icms ?? '0');
    const baseReduzida = arredondarValor(base.times(dec(1).minus(reducaoBase)));
    const a = aliquota ?? ZERO;
    return { grupo, origem, cst, reducaoBase, base: baseReduzida, aliquota: a, valor: aplicar(baseReduzida, a) };
  };
  const deducaoSemAliquota = (usarItem: boolean) => aplicar(liquido, aliquotaOperacaoPropria(item, contexto, usarItem));

  if (usaCsosn(contexto.crt)) {
    const csosn = item.csosn ?? CSOSN_PADRAO;
    switch (csosn) {
      case '101':
        return { grupo: 'ICMSSN101', origem, csosn, aliquotaCreditoSn: aliquota ?? ZERO, valorCreditoSn: aplicar(base, aliquota ?? ZERO) };
      case '201':
        return {
          grupo: 'ICMSSN201',
          origem,
          csosn,
          aliquotaCreditoSn: aliquota ?? ZERO,
          valorCreditoSn: aplicar(base, aliquota ?? ZERO),
          st: calcularSt(item, liquido, ipi, deducaoSemAliquota(false)),
        };
      case '202':
      case '203':
        return { grupo: 'ICMSSN202', origem, csosn, st: calcularSt(item, liquido, ipi, deducaoSemAliquota(true)) };
      case '500':
        return { grupo: 'ICMSSN500', origem, csosn };
      case '900':
        return comBase('ICMSSN900', { csosn });
      default: // 102, 103, 300, 400
        return { grupo: 'ICMSSN102', origem, csosn };
    }
  }
  const cst = item.cst_icms as string; // validarItem guarantees it for CRT 2/3
  switch (cst) {
    case '00':
      return comBase('ICMS00', { cst });
    case '10': {
      const proprio = comBase('ICMS10', { cst });
      return { ...proprio, st: calcularSt(item, liquido, ipi, proprio.valor ?? ZERO) };
    }
    case '20':
      return reduzida('ICMS20', cst);
    case '30':
      return { grupo: 'ICMS30', origem, cst, st: calcularSt(item, liquido, ipi, deducaoSemAliquota(true)) };
    case '51':
      return { grupo: 'ICMS51', origem, cst };
    case '60':
      return { grupo: 'ICMS60', origem, cst };
    case '70': {
      const proprio = reduzida('ICMS70', cst);
      return { ...proprio, st: calcularSt(item, liquido, ipi, proprio.valor ?? ZERO) };
    }
    case '90':
      return comBase('ICMS90', { cst });
    default: // 40, 41, 50
      return { grupo: 'ICMS40', origem, cst };
  }
}

/**
 * DIFAL by the single-base method of NT 2015.003 (EC 87/2015, LC 190/2022): the item's ICMS base;
 * destination share = base × (internal rate − interstate rate), 100 % to the destination state since
 * 2019 (vICMSUFRemet 0); FCP = base × the destination's FCP.
 */
function calcularDifal(item: ItemPreenchido, base: Decimal, contexto: ContextoTributacao): DifalCalculado | undefined {
  const op = contexto.operacao;
  if (!op?.difal || !op.ufDestino) return undefined;
  const tabela = aliquotaInternaUf(op.ufDestino, op.data);
  const aliquotaInterna = dec(item.aliquota_icms_uf_destino ?? tabela.interna);
  const aliquotaFcp = dec(item.aliquota_fcp_uf_destino ?? tabela.fcp);
  const inter = dec(aliquotaInterestadual(item.origem ?? 0, op.ufOrigem, op.ufDestino));
  return {
    base,
    aliquotaFcp,
    aliquotaInterna,
    aliquotaInterestadual: inter,
    valorFcp: aplicar(base, aliquotaFcp),
    valorUfDestino: Decimal.max(aplicar(base, aliquotaInterna.minus(inter)), ZERO),
    valorUfRemetente: ZERO,
  };
}

/** Whether an item carries IBS/CBS (decisions §8): always in the normal regime, in the others when it sends them. */
export function itemLevaIbsCbs(item: Pick<ItemPreenchido, 'cst_ibs_cbs'>, crt: Crt): boolean {
  return crt === 3 || item.cst_ibs_cbs !== undefined;
}

/**
 * IBSCBS of an item (NT 2025.002). Written for regime-normal issuers always (CST 000 / cClassTrib
 * 000001 unless the item says otherwise) and for Simples issuers only when the item sends it.
 * Base (LC 214/2025 art. 12; NT rule of vBC): vProd − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest −
 * vFCPUFDest (frete, seguro, outras despesas and II are 0 in this API). Values = base × rate, half-up.
 */
function calcularIbsCbs(
  item: ItemPreenchido,
  liquido: Decimal,
  deduzir: Decimal,
  contexto: ContextoTributacao,
): IbsCbsCalculado | undefined {
  if (!itemLevaIbsCbs(item, contexto.crt)) return undefined;
  // No rates for the date: before 2026 no IBS/CBS group applies at all (tabelas/ibs-cbs.ts).
  const taxas = contexto.aliquotasIbsCbs;
  if (!taxas) return undefined;
  const cst = item.cst_ibs_cbs ?? CST_IBS_CBS_PADRAO;
  const cClassTrib = item.classificacao_tributaria_ibs_cbs ?? (cst === CST_IBS_CBS_PADRAO ? CCLASSTRIB_PADRAO : '');
  if (!contem(CST_IBS_CBS_TRIBUTADO, cst)) return { cst, cClassTrib };
  const base = Decimal.max(liquido.minus(deduzir), ZERO);
  const pIBSUF = dec(taxas.pIBSUF);
  const pIBSMun = dec(taxas.pIBSMun);
  const pCBS = dec(taxas.pCBS);
  const reducao = cst === CST_IBS_CBS_REDUCAO ? reducaoDaClassificacao(cClassTrib, pIBSUF, pIBSMun, pCBS) : undefined;
  const porcento = (p: Decimal) => aplicar(base, p.dividedBy(100));
  const vIBSUF = porcento(reducao?.ibsUf.pAliqEfet ?? pIBSUF);
  const vIBSMun = porcento(reducao?.ibsMun.pAliqEfet ?? pIBSMun);
  const vCBS = porcento(reducao?.cbs.pAliqEfet ?? pCBS);
  const valores = { base, pIBSUF, vIBSUF, pIBSMun, vIBSMun, vIBS: vIBSUF.plus(vIBSMun), pCBS, vCBS };
  return { cst, cClassTrib, valores: reducao ? { ...valores, reducao } : valores };
}

/**
 * CST 200: each part's rate less its cClassTrib's reduction (pRedIBS for both IBS parts, pRedCBS for the
 * CBS). NT 2025.002 UB28-10 / UB47-10 / UB66-10: pAliqEfet = pAliq × (1 − pRedAliq / 100), to 4 places.
 */
function reducaoDaClassificacao(cClassTrib: string, pIBSUF: Decimal, pIBSMun: Decimal, pCBS: Decimal) {
  const reducao = classificacaoTributariaNfe(cClassTrib)?.reducao;
  // validarItem refuses a CST 200 item without a code of the table: reaching here without one is a defect.
  if (!reducao) throw new Error(`cClassTrib ${cClassTrib} sem redução na tabela`);
  const parte = (p: Decimal, pRedAliq: Decimal): ReducaoAliquota => ({ pRedAliq, pAliqEfet: aliquotaEfetiva(p, pRedAliq, 4) });
  const ibs = dec(reducao.ibs);
  return { ibsUf: parte(pIBSUF, ibs), ibsMun: parte(pIBSMun, ibs), cbs: parte(pCBS, dec(reducao.cbs)) };
}

function calcularContribuicao(cst: string, base: Decimal, aliquotaRegime: Decimal): ContribuicaoCalculada {
  if (contem(CST_PIS_COFINS_NAO_TRIBUTADO, cst)) return { grupo: 'NT', cst };
  const aliquota = contem(CST_PIS_COFINS_SEM_CONTRIBUICAO, cst) ? ZERO : aliquotaRegime;
  const grupo = contem(CST_PIS_COFINS_ALIQUOTA, cst) ? 'Aliq' : 'Outr';
  return { grupo, cst, base, aliquota, valor: aplicar(base, aliquota) };
}

/**
 * Values of one item (already pre-filled and validated with validarItem).
 *  - vProd = quantidade × valor_unitario (2 places); the discount is the one sent.
 *  - IPI base = vProd − desconto; ICMS base = vProd − desconto (+ IPI for end consumers).
 *  - PIS/COFINS base = vProd − desconto − ICMS of the item (STF, RE 574.706, Tema 69).
 */
export function calcularItem(item: ItemPreenchido, numeroItem: number, contexto: ContextoTributacao): ItemCalculado {
  const valorProduto = arredondarValor(dec(item.quantidade).times(dec(item.valor_unitario ?? '0')));
  const valorDesconto = item.valor_desconto !== undefined ? dec(item.valor_desconto) : ZERO;
  const liquido = valorProduto.minus(valorDesconto);
  const ipi = calcularIpi(item, liquido);
  const baseIcms = contexto.consumidorFinal && ipi?.valor ? liquido.plus(ipi.valor) : liquido;
  const icms = calcularIcms(item, baseIcms, liquido, ipi?.valor ?? ZERO, contexto);
  const difal = calcularDifal(item, baseIcms, contexto);
  const baseContribuicoes = Decimal.max(liquido.minus(icms.valor ?? ZERO), ZERO);
  const cstPis = item.cst_pis ?? cstPisCofinsPadrao(contexto.crt);
  const cstCofins = item.cst_cofins ?? cstPisCofinsPadrao(contexto.crt);
  const pis = calcularContribuicao(cstPis, baseContribuicoes, aliquotaContribuicao(contexto, 'pis'));
  const cofins = calcularContribuicao(cstCofins, baseContribuicoes, aliquotaContribuicao(contexto, 'cofins'));
  const deduzirIbsCbs = [pis.valor, cofins.valor, icms.valor, difal?.valorUfDestino, difal?.valorFcp].reduce<Decimal>(
    (t, v) => t.plus(v ?? ZERO),
    ZERO,
  );
  const ibsCbs = calcularIbsCbs(item, liquido, deduzirIbsCbs, contexto);
  const calculado: ItemCalculado = { numero_item: numeroItem, item, valorProduto, valorDesconto, icms, ipi, pis, cofins };
  if (difal) calculado.difal = difal;
  if (ibsCbs) calculado.ibsCbs = ibsCbs;
  return calculado;
}
