import { normalizarCnpj, validarCnpj } from './cnpj';
import { validarCpf } from './cpf';

/** CPF or CNPJ as stored and compared: a CNPJ's rule (no punctuation, upper case) holds for a CPF too. */
export const normalizarDocumento = (s: string) => normalizarCnpj(s);

/** A person's CPF (11 digits) or a company's CNPJ (14 characters), with or without punctuation, whose check digits hold. */
export function validarCpfOuCnpj(documento: unknown): boolean {
  if (typeof documento !== 'string') return false;
  const d = normalizarDocumento(documento);
  return d.length === 11 ? validarCpf(d) : d.length === 14 && validarCnpj(d);
}
