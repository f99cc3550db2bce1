import { validarCnpj } from './cnpj';
import { validarCpf } from './cpf';

/** CPF or CNPJ as stored and compared: no punctuation, upper case (alphanumeric CNPJ). */
export const normalizarDocumento = (s: string) => s.replace(/[.\-/\s]/g, '').toUpperCase();

/** A person's CPF (11 digits) or a company's CNPJ (14 characters), with or without punctuation, whose check digits hold. */
export function validarCpfOuCnpj(documento: unknown): boolean {
  if (typeof documento !== 'string') return false;
  const d = normalizarDocumento(documento);
  return d.length === 11 ? validarCpf(d) : d.length === 14 && validarCnpj(d);
}
