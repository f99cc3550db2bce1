import { arredondarValor, dec, Decimal, ZERO } from '../dinheiro';
import {
  contem,
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

export interface ContextoTributacao {
  crt: Crt;
  apuracaoPisCofins?: ApuracaoPisCofins;
  /**
   * Sale to an end consumer: the IPI then enters the ICMS base (CF art. 155, §2º, XI only keeps
   * it out between taxpayers for resale or industrialization).
   */
  consumidorFinal: boolean;
}

export type GrupoIcms =
  | 'ICMS00' | 'ICMS40' | 'ICMS51' | 'ICMS60' | 'ICMS90'
  | 'ICMSSN101' | 'ICMSSN102' | 'ICMSSN500' | 'ICMSSN900';

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

function calcularIcms(item: ItemPreenchido, base: Decimal, contexto: ContextoTributacao): IcmsCalculado {
  const origem = item.origem ?? 0;
  const aliquota = item.aliquota_icms !== undefined ? dec(item.aliquota_icms) : undefined;
  const comBase = (grupo: GrupoIcms, codigo: { cst?: string; csosn?: string }): IcmsCalculado =>
    aliquota === undefined
      ? { grupo, origem, ...codigo }
      : { grupo, origem, ...codigo, base, aliquota, valor: aplicar(base, aliquota) };

  if (usaCsosn(contexto.crt)) {
    const csosn = item.csosn ?? CSOSN_PADRAO;
    switch (csosn) {
      case '101':
        return { grupo: 'ICMSSN101', origem, csosn, aliquotaCreditoSn: aliquota ?? ZERO, valorCreditoSn: aplicar(base, aliquota ?? ZERO) };
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
    case '51':
      return { grupo: 'ICMS51', origem, cst };
    case '60':
      return { grupo: 'ICMS60', origem, cst };
    case '90':
      return comBase('ICMS90', { cst });
    default: // 40, 41, 50
      return { grupo: 'ICMS40', origem, cst };
  }
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
  const icms = calcularIcms(item, baseIcms, contexto);
  const baseContribuicoes = Decimal.max(liquido.minus(icms.valor ?? ZERO), ZERO);
  const cstPis = item.cst_pis ?? cstPisCofinsPadrao(contexto.crt);
  const cstCofins = item.cst_cofins ?? cstPisCofinsPadrao(contexto.crt);
  return {
    numero_item: numeroItem,
    item,
    valorProduto,
    valorDesconto,
    icms,
    ipi,
    pis: calcularContribuicao(cstPis, baseContribuicoes, aliquotaContribuicao(contexto, 'pis')),
    cofins: calcularContribuicao(cstCofins, baseContribuicoes, aliquotaContribuicao(contexto, 'cofins')),
  };
}
