/**
 * Formats of a recipient's address and contacts as the NF-e layout holds them (TCEP, TIe, TFone,
 * email): the gateway refuses what does not fit (422 invalid_params) and the note's rules repeat it.
 */
const digitos = (s: string) => s.replace(/\D/g, '');
const entre = (n: number, min: number, max: number) => n >= min && n <= max;

/** CEP: 8 digits, written `01310100`, `01310-100` or `01.310-100`. */
export const cepValido = (cep: string) => /^\d{2}\.?\d{3}-?\d{3}$/.test(cep.trim());

/** Inscrição estadual: 2 to 14 digits; dots, hyphens, slashes and spaces are punctuation. */
export const inscricaoEstadualValida = (ie: string) => /^[\d.\-/\s]+$/.test(ie) && entre(digitos(ie).length, 2, 14);

/** Telephone: 6 to 14 digits (area code and number); spaces, brackets, `+`, dots and hyphens are punctuation. */
export const telefoneValido = (telefone: string) => /^[\d\s()+.-]+$/.test(telefone) && entre(digitos(telefone).length, 6, 14);

/** E-mail: one `@` between non-blank parts, at most 60 characters (the layout's email). */
export const emailValido = (email: string) => /^[^@\s]+@[^@\s]+$/.test(email) && email.length <= 60;
