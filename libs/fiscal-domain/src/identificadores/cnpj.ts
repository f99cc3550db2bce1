/**
 * CNPJ check digits, numeric and the alphanumeric form (IN RFB 2.229/2024, from July 2026):
 * the 12 base characters are [0-9A-Z], the 2 check digits stay numeric, and each character
 * weighs its ASCII code minus 48 (so '0'..'9' keep their value and 'A' is 17).
 */
const CNPJ_FORMATO = /^[0-9A-Z]{12}[0-9]{2}$/;
const PESOS_DV1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const PESOS_DV2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

function digito(base: string, pesos: number[]): number {
  let soma = 0;
  for (let i = 0; i < pesos.length; i++) soma += (base.charCodeAt(i) - 48) * pesos[i];
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** Upper-case and drop the usual punctuation (`12.ABC.345/01DE-35` -> `12ABC34501DE35`). */
export function normalizarCnpj(cnpj: string): string {
  return cnpj.replace(/[.\-/\s]/g, '').toUpperCase();
}

/** The two check digits for a 12-character base. */
export function calcularDigitosCnpj(base12: string): string {
  const base = normalizarCnpj(base12);
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new Error(`Base de CNPJ inválida: ${base12}`);
  const dv1 = digito(base, PESOS_DV1);
  const dv2 = digito(base + dv1, PESOS_DV2);
  return `${dv1}${dv2}`;
}

/** True for a well-formed CNPJ (numeric or alphanumeric, punctuation allowed) with correct check digits. */
export function validarCnpj(cnpj: string | null | undefined): boolean {
  if (typeof cnpj !== 'string') return false;
  const c = normalizarCnpj(cnpj);
  if (!CNPJ_FORMATO.test(c)) return false;
  if (/^(\d)\1{13}$/.test(c)) return false; // 00000000000000 and friends pass the arithmetic but are not CNPJs
  return calcularDigitosCnpj(c.slice(0, 12)) === c.slice(12);
}

export function ehCnpjAlfanumerico(cnpj: string): boolean {
  return /[A-Z]/.test(normalizarCnpj(cnpj));
}
