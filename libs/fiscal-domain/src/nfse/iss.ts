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
 * A catalog rate must be a fraction between 0 and 1 with at most 4 places (0.05 = 5%; 0.0275 = 2.75%),
 * written in full: ".05" or "0." would travel as sent in the command to the adapter, whose decimal
 * check refuses them, and the note would never be sent.
 */
export function aliquotaIssValida(aliquota: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(aliquota)) return false;
  try {
    const d = dec(aliquota);
    return d.greaterThanOrEqualTo(0) && d.lessThanOrEqualTo(1) && d.decimalPlaces() <= 4;
  } catch {
    return false;
  }
}
