import { arredondarValor, dec, formatarValor, somar, ZERO, type Decimal } from '../dinheiro';

/**
 * ISS of an NFS-e (decisions §7): the base is the service value; the tax is base × the catalog's rate
 * (a fraction, 0.05 = 5%), rounded half-up to 2 places; the net value is the service value minus
 * retentions (none unless sent). Decimal arithmetic only.
 */
export interface EntradaIss {
  valorServicos: string;
  /** Fraction, as registered in the municipal catalog. */
  aliquota: string;
  /** Retained amounts (federal taxes, ISS retained...): none unless sent. */
  retencoes?: string[];
}

export interface IssCalculado {
  base_calculo: string;
  valor_iss: string;
  valor_liquido: string;
  /** The rate as registered (rates are shown as sent). */
  aliquota_iss: string;
}

export function calcularIss(e: EntradaIss): IssCalculado {
  const base: Decimal = dec(e.valorServicos);
  const valorIss = arredondarValor(base.times(dec(e.aliquota)));
  const retido = somar((e.retencoes ?? []).map((r) => arredondarValor(dec(r))));
  const liquido = base.minus(retido);
  return {
    base_calculo: formatarValor(base),
    valor_iss: formatarValor(valorIss),
    valor_liquido: formatarValor(liquido.lessThan(ZERO) ? ZERO : liquido),
    aliquota_iss: e.aliquota,
  };
}

/**
 * A fraction between 0 and 1 with at most 4 places (0.05 = 5%; 0.0275 = 2.75%), written in full: ".05" or
 * "0." would travel as sent in the command to the adapter, whose decimal check refuses them, and the note
 * would never be sent.
 */
export function fracaoDeAteQuatroCasas(fracao: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(fracao)) return false;
  try {
    const d = dec(fracao);
    return d.greaterThanOrEqualTo(0) && d.lessThanOrEqualTo(1) && d.decimalPlaces() <= 4;
  } catch {
    return false;
  }
}

/**
 * The ISS's ceiling in every municipality, 5 % (LC 116/2003, art. 8º, II; unchanged until the ISS ends under
 * LC 214/2025). The national DPS refuses a higher pAliq (Anexo I E0595); so does this product's catalog.
 */
export const ALIQUOTA_MAXIMA_ISS = '0.05';

/** A catalog rate: a fraction written in full, at most 4 places, from 0 to the ISS's ceiling. */
export const aliquotaIssValida = (aliquota: string): boolean =>
  fracaoDeAteQuatroCasas(aliquota) && dec(aliquota).lessThanOrEqualTo(ALIQUOTA_MAXIMA_ISS);

export const MENSAGEM_ALIQUOTA_ISS =
  'deve ser uma fração de 0 a 0.05 com até 4 casas (0.05 significa 5 %, a alíquota máxima do ISS: LC 116/2003, art. 8º, II)';
