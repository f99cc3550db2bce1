import { randomInt } from 'node:crypto';
import { validarCnpj } from './cnpj';
import { validarCpf } from './cpf';
import { ufDoCodigo } from './uf';

/**
 * The 44-character NF-e access key:
 * cUF(2) AAMM(4) CNPJ(14) mod(2) série(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
 * The CNPJ part may be alphanumeric (from July 2026); every other part is digits.
 */
export interface PartesChaveAcesso {
  cUF: string;
  /** Year and month of issue, `AAMM`. */
  anoMes: string;
  cnpj: string;
  modelo: string;
  serie: number;
  numero: number;
  tipoEmissao: number;
  codigoNumerico: string;
}

export interface ChaveAcessoLida extends PartesChaveAcesso {
  chave: string;
  digitoVerificador: number;
}

const FORMATO_CHAVE = /^(\d{2})(\d{4})([0-9A-Z]{12}\d{2})(\d{2})(\d{3})(\d{9})(\d)(\d{8})(\d)$/;

/**
 * The key's shape as the NF-e schemas type it (`TChNFe`, PL_010 v1.30, NT Conjunta 2025.001): digits,
 * with letters allowed only in the CNPJ's 12 first characters (positions 7 to 18). Text for patterns
 * (OpenAPI, JSON schemas; `CHAVE_ACESSO_EM_TEXTO` unanchored, inside an Id or an element), the RegExp for code;
 * the check digit and the parts are `lerChaveAcesso`'s (`FORMATO_CHAVE` below is the same shape, split).
 */
export const CHAVE_ACESSO_EM_TEXTO = '[0-9]{6}[0-9A-Z]{12}[0-9]{26}';
export const PADRAO_CHAVE_ACESSO = `^${CHAVE_ACESSO_EM_TEXTO}$`;
export const FORMATO_CHAVE_ACESSO = new RegExp(PADRAO_CHAVE_ACESSO);
/** The message for a text of another shape. */
export const MENSAGEM_FORMATO_CHAVE_ACESSO = 'deve ter 44 caracteres: dígitos, com letras só nas posições 7 a 18 (CNPJ alfanumérico)';

/**
 * The mod-11 check digit of the access keys (NF-e, and the national NFS-e's): weights 2..9 from the
 * right, repeating; each character weighs its ASCII code minus 48 (a digit its value, 'A' 17: NT
 * Conjunta 2025.001 for an alphanumeric CNPJ inside the key); 0 when the remainder is 0 or 1, else
 * 11 - remainder.
 */
export function digitoModulo11(texto: string): number {
  if (!/^[0-9A-Z]+$/.test(texto)) throw new Error('O dígito de módulo 11 se calcula sobre dígitos e letras maiúsculas');
  let soma = 0;
  let peso = 2;
  for (let i = texto.length - 1; i >= 0; i--) {
    soma += (texto.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The NF-e key's check digit, over its 43 first characters. */
export function calcularDigitoChave(chave43: string): number {
  if (!/^[0-9A-Z]{43}$/.test(chave43)) throw new Error('A chave sem dígito deve ter 43 caracteres');
  return digitoModulo11(chave43);
}

export function montarChaveAcesso(partes: PartesChaveAcesso): string {
  const { cUF, anoMes, cnpj, modelo, serie, numero, tipoEmissao, codigoNumerico } = partes;
  if (!ufDoCodigo(cUF)) throw new Error(`cUF inválido: ${cUF}`);
  if (!/^\d{2}(0[1-9]|1[0-2])$/.test(anoMes)) throw new Error(`AAMM inválido: ${anoMes}`);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) throw new Error(`CNPJ inválido para a chave: ${cnpj}`);
  if (!/^\d{2}$/.test(modelo)) throw new Error(`Modelo inválido: ${modelo}`);
  if (!Number.isInteger(serie) || serie < 0 || serie > 999) throw new Error(`Série inválida: ${serie}`);
  if (!Number.isInteger(numero) || numero < 1 || numero > 999_999_999) throw new Error(`Número inválido: ${numero}`);
  if (!Number.isInteger(tipoEmissao) || tipoEmissao < 1 || tipoEmissao > 9) throw new Error(`tpEmis inválido: ${tipoEmissao}`);
  if (!/^\d{8}$/.test(codigoNumerico)) throw new Error(`cNF deve ter 8 dígitos: ${codigoNumerico}`);
  const sem =
    cUF + anoMes + cnpj + modelo + String(serie).padStart(3, '0') + String(numero).padStart(9, '0') + String(tipoEmissao) + codigoNumerico;
  return sem + calcularDigitoChave(sem);
}

/** `AAMM` of an issue instant as seen in the issuer's time zone. */
export function anoMesDaChave(dataEmissaoSefaz: string): string {
  // dhEmi is already local time with offset (`2026-11-22T14:05:09-03:00`): take its calendar month.
  return dataEmissaoSefaz.slice(2, 4) + dataEmissaoSefaz.slice(5, 7);
}

/**
 * The issuer's 14 positions of a key: a CNPJ, or the CPF of an individual issuer (a rural producer) after
 * three zeros (NT 2018.001, Ajuste SINIEF 09/2017). A CNPJ that starts with 000 is a CNPJ all the same.
 */
const emitenteDaChaveValido = (doc: string) => validarCnpj(doc) || (doc.startsWith('000') && validarCpf(doc.slice(3)));

/** Splits a key and checks its shape, its state code, its issuer's CNPJ (or CPF) and its check digit; null when any fails. */
export function lerChaveAcesso(chave: string | null | undefined): ChaveAcessoLida | null {
  if (typeof chave !== 'string') return null;
  const m = FORMATO_CHAVE.exec(chave);
  if (!m) return null;
  const [, cUF, anoMes, cnpj, modelo, serie, numero, tpEmis, cNF, dv] = m;
  if (!ufDoCodigo(cUF)) return null;
  const mes = Number(anoMes.slice(2));
  if (mes < 1 || mes > 12) return null;
  if (!emitenteDaChaveValido(cnpj)) return null;
  if (calcularDigitoChave(chave.slice(0, 43)) !== Number(dv)) return null;
  return {
    chave,
    cUF,
    anoMes,
    cnpj,
    modelo,
    serie: Number(serie),
    numero: Number(numero),
    tipoEmissao: Number(tpEmis),
    codigoNumerico: cNF,
    digitoVerificador: Number(dv),
  };
}

export function validarChaveAcesso(chave: string | null | undefined): boolean {
  return lerChaveAcesso(chave) !== null;
}

/** Trivial codes that SEFAZ guidance says not to use as cNF (they make the key guessable). */
function codigoTrivial(cNF: string): boolean {
  return /^(\d)\1{7}$/.test(cNF) || cNF === '12345678' || cNF === '87654321';
}

/**
 * A random 8-digit cNF that differs from the note number (nNF) and is not a trivial sequence.
 * `sortear` returns an integer in [0, 10^8); injectable so tests are deterministic.
 */
export function gerarCodigoNumerico(numeroNota: number, sortear: () => number = () => randomInt(0, 100_000_000)): string {
  for (let tentativa = 0; tentativa < 1000; tentativa++) {
    const valor = sortear();
    if (!Number.isInteger(valor) || valor < 0 || valor >= 100_000_000) continue;
    const cNF = String(valor).padStart(8, '0');
    if (valor === numeroNota || codigoTrivial(cNF)) continue;
    return cNF;
  }
  throw new Error('Não foi possível sortear um cNF válido');
}

export function codigoNumericoValido(cNF: string, numeroNota: number): boolean {
  return /^\d{8}$/.test(cNF) && Number(cNF) !== numeroNota && !codigoTrivial(cNF);
}
