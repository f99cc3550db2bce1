/**
 * Figures read back from a fiscal document, to check them: exact fixed-point integers (`bigint` in units
 * of 10^-10, the most places any NF-e or DPS decimal type has). `Decimal` computes what the product
 * writes (the rounding rule is stated in decimal.ts); this only reads what is already written in its
 * final form and compares, adds or multiplies it, exactly, at a tenth of decimal.js's cost: the simulated
 * SEFAZ checks some 300 figures of a 10-item note this way.
 */
export type DecimalFixo = bigint;

export const CASAS_FIXAS = 10;
const UNIDADE = 10n ** BigInt(CASAS_FIXAS);
const DECIMAL_XML = /^-?(\d+(\.\d*)?|\.\d+)$/;

/** `"10.5"` -> 10.5 as DecimalFixo. Throws on anything that is not a plain decimal with at most 10 places. */
export function lerDecimalFixo(texto: string): DecimalFixo {
  if (!DECIMAL_XML.test(texto)) throw new Error(`Decimal inválido: ${JSON.stringify(texto)}`);
  const ponto = texto.indexOf('.');
  if (ponto < 0) return BigInt(texto) * UNIDADE;
  const casas = texto.length - ponto - 1;
  if (casas > CASAS_FIXAS) throw new Error(`Decimal com mais de ${CASAS_FIXAS} casas: ${texto}`);
  const inteiro = texto.slice(0, ponto);
  const digitos = `${inteiro === '-' || inteiro === '' ? `${inteiro}0` : inteiro}${texto.slice(ponto + 1).padEnd(CASAS_FIXAS, '0')}`;
  return BigInt(digitos);
}

/**
 * `numerador / 10^casasNumerador / divisor`, rounded half-up (away from zero at .5, as ROUND_HALF_UP) to
 * `casas` places, as DecimalFixo.
 */
export function arredondarFixo(numerador: bigint, casasNumerador: number, casas: number, divisor = 1n): DecimalFixo {
  const passo = 10n ** BigInt(casasNumerador - casas) * divisor;
  const negativo = numerador < 0n;
  const absoluto = negativo ? -numerador : numerador;
  const quociente = (absoluto * 2n + passo) / (passo * 2n);
  return (negativo ? -quociente : quociente) * 10n ** BigInt(CASAS_FIXAS - casas);
}

export const absFixo = (x: DecimalFixo): DecimalFixo => (x < 0n ? -x : x);

/** `"12.35"`: `casas` places, half-up (for messages: what decimal.js's toFixed gives). */
export function formatarFixo(x: DecimalFixo, casas: number): string {
  const arredondado = arredondarFixo(x, CASAS_FIXAS, casas) / 10n ** BigInt(CASAS_FIXAS - casas);
  const negativo = arredondado < 0n;
  const digitos = (negativo ? -arredondado : arredondado).toString().padStart(casas + 1, '0');
  const corpo = casas ? `${digitos.slice(0, -casas)}.${digitos.slice(-casas)}` : digitos;
  return negativo ? `-${corpo}` : corpo;
}
