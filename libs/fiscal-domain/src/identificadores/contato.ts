/**
 * Formats of an address and contacts as the NF-e and DPS layouts hold them (CEP, IE, telephone,
 * e-mail): the gateway refuses what does not fit (422 invalid_params) and the NF-e's rules repeat it.
 */
/** The digits of a text (a document, CEP or telephone written with punctuation): what the layouts carry. */
export const somenteDigitos = (s: string) => s.replace(/\D/g, '');
const entre = (n: number, min: number, max: number) => n >= min && n <= max;

/** CEP: 8 digits, written `01310100`, `01310-100` or `01.310-100`. */
export const cepValido = (cep: string) => /^\d{2}\.?\d{3}-?\d{3}$/.test(cep.trim());

/** Inscrição estadual: 2 to 14 digits; dots, hyphens, slashes and spaces are punctuation. */
export const inscricaoEstadualValida = (ie: string) => /^[\d.\-/\s]+$/.test(ie) && entre(somenteDigitos(ie).length, 2, 14);

/** The issuer's IE when it has none (the layout's TIe: `[0-9]{2,14}` or `ISENTO`), written exactly so. */
export const IE_ISENTO = 'ISENTO';
/** The issuer's IE: the digits of inscricaoEstadualValida, or IE_ISENTO. */
export const inscricaoEstadualEmitenteValida = (ie: string) => ie === IE_ISENTO || inscricaoEstadualValida(ie);

/**
 * Telephone: 6 to `maximoDigitos` digits (area code and number: 14 in the NF-e's TFone, 20 in the
 * DPS's TSTelefone); spaces, brackets, `+`, dots and hyphens are punctuation.
 */
export const telefoneValido = (telefone: string, maximoDigitos = 14) =>
  /^[\d\s()+.-]+$/.test(telefone) && entre(somenteDigitos(telefone).length, 6, maximoDigitos);

/**
 * E-mail: one `@` between non-blank parts of printable Latin-1 (the NF-e's and the DPS's e-mail patterns
 * take `!` to `ÿ` only; a zero-width space or any other character outside would fail their schema after
 * the note was accepted). The length is the layout's: 60 in the NF-e, 80 in the DPS.
 */
export const emailValido = (email: string) => /^[!-?A-~\u00a1-\u00ff]+@[!-?A-~\u00a1-\u00ff]+$/.test(email);
