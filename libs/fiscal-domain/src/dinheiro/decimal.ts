import DecimalBase from 'decimal.js';

/**
 * Money, quantities and rates are decimal numbers, never binary floats.
 *
 * THE ROUNDING RULE (the only place it is stated):
 *   - values (R$) are rounded half-up (ROUND_HALF_UP) to 2 decimal places, per item, at the moment
 *     each value is produced (vProd, vBC, vICMS, vIPI, vPIS, vCOFINS); totals are sums of those
 *     already-rounded item values, so they reconcile with the items to the centavo;
 *   - quantities keep up to 4 places and unit values up to 10 (NF-e qCom / vUnCom); they are
 *     never rounded: more places than that is a validation error;
 *   - rates are fractions as sent (0.18 = 18%); they become percentages (pICMS = 18.00) only for the XML.
 */
export const Decimal = DecimalBase.clone({ precision: 50, rounding: DecimalBase.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;

export const CASAS_VALOR = 2;
export const CASAS_QUANTIDADE = 4;
export const CASAS_VALOR_UNITARIO = 10;

/** Decimal strings as the API carries them: `^\d*\.?\d*$`, with at least one digit. */
const DECIMAL_TEXTO = /^\d*\.?\d*$/;

export function ehDecimalTexto(valor: unknown): valor is string {
  return typeof valor === 'string' && DECIMAL_TEXTO.test(valor) && /\d/.test(valor);
}

/** Parses an API decimal string (`"10"`, `"10.5"`, `".5"`, `"5."`); throws on anything else. */
export function dec(valor: string | Decimal | number): Decimal {
  if (valor instanceof Decimal) return valor;
  if (typeof valor === 'number') {
    // Only small integers are accepted from JS numbers (counters, indexes); money never comes as a float.
    if (!Number.isSafeInteger(valor)) throw new Error(`Número não inteiro não é aceito como decimal: ${valor}`);
    return new Decimal(valor);
  }
  if (!ehDecimalTexto(valor)) throw new Error(`Decimal inválido: ${JSON.stringify(valor)}`);
  return new Decimal(valor.endsWith('.') ? valor.slice(0, -1) : valor.startsWith('.') ? `0${valor}` : valor);
}

export const ZERO = new Decimal(0);

/** Number of decimal places written in a decimal string (`"1.500"` -> 3). */
export function casasDecimais(valor: string): number {
  const i = valor.indexOf('.');
  return i < 0 ? 0 : valor.length - i - 1;
}

/** Digits before the decimal point, ignoring leading zeros (`"0012.5"` -> 2). */
export function digitosInteiros(valor: string): number {
  const inteiro = (valor.split('.')[0] ?? '').replace(/^0+/, '');
  return inteiro.length;
}

/** The rounding rule for values: half-up, 2 places. */
export function arredondarValor(valor: Decimal): Decimal {
  return valor.toDecimalPlaces(CASAS_VALOR, Decimal.ROUND_HALF_UP);
}

/**
 * `"1234.50"`: always 2 places (the API and NF-e TDec_1302 form). Rounded by the rule first: decimal.js's
 * `toFixed` keeps the sign of a non-zero value, so -0.004 would print `-0.00`, which TDec_1302 refuses;
 * rounded first it is -0, printed `0.00`.
 */
export function formatarValor(valor: Decimal | string): string {
  return arredondarValor(dec(valor)).toFixed(CASAS_VALOR);
}

/** Quantity with 4 places (NF-e qCom accepts 1..4; the API answers up to 4). */
export function formatarQuantidade(valor: Decimal | string): string {
  return dec(valor).toFixed(CASAS_QUANTIDADE);
}

/** Unit value with at least 2 and at most 10 places, without needless trailing zeros. */
export function formatarValorUnitario(valor: Decimal | string): string {
  const d = dec(valor);
  const casas = Math.min(Math.max(d.decimalPlaces(), CASAS_VALOR), CASAS_VALOR_UNITARIO);
  return d.toFixed(casas);
}

/** A fraction rate (0.18) as the NF-e percentage with 2..4 places (18.00). */
export function formatarPercentual(fracao: Decimal | string): string {
  const p = dec(fracao).times(100);
  const casas = Math.min(Math.max(p.decimalPlaces(), 2), 4);
  return p.toFixed(casas);
}

export function somar(valores: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of valores) total = total.plus(v);
  return total;
}
