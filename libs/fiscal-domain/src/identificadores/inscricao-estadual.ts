import type { Uf } from '../datas';
import { IE_ISENTO } from './contato';
import { ehUf } from './uf';

/**
 * The check digits of a state registration (inscrição estadual), per state, as SEFAZ checks them
 * before authorizing a note: cStat 209 (the issuer's IE) and 210 (the recipient's). The rules are the
 * states' own, published in SINTEGRA's "Conferência de Inscrições Estaduais" roteiro (sintegra.gov.br),
 * whose worked example of each state and form is in the unit test. Cross-checked on 28/11/2026 against
 * two npm validators (validations-br 1.7.0, js-brasil 2.8.0) on 3.78 million random numbers: no number
 * both accept is refused here; each disagreement is one of the leniencies below.
 *
 * Written to refuse only what no state accepts: a shorter number is read with the leading zeros its
 * state's form has (an IE is often written without them), and forms a state still honours (RO's and
 * PE's older ones, TO's eleven digits, SP's rural producers without the "P") are accepted beside the
 * current one. A prefix is checked only where the state's rule has always fixed it (AC, AL, AP, MA, RN, RR).
 */

/** Σ dígito × peso, the weights aligned with the first digits. */
function soma(digitos: string, pesos: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < pesos.length; i++) total += Number(digitos[i]) * pesos[i];
  return total;
}

/** The commonest rule: 11 − (Σ mod 11), and 0 when the remainder is 0 or 1. */
function modulo11(digitos: string, pesos: readonly number[]): number {
  const resto = soma(digitos, pesos) % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** 11 − (Σ mod 11), and 0 when that is 10 or 11 (CE, PB, PI, RS, SE). */
function modulo11ZeroAcimaDeNove(digitos: string, pesos: readonly number[]): number {
  const dv = 11 - (soma(digitos, pesos) % 11);
  return dv >= 10 ? 0 : dv;
}

/** Weights from `maior` down to 2 over as many digits (the usual 9..2). */
const decrescentes = (maior: number): number[] => Array.from({ length: maior - 1 }, (_, i) => maior - i);

const confere = (ie: string, posicao: number, dv: number) => Number(ie[posicao]) === dv;

/** Two check digits in the last two places, the second over the first (AC, DF). */
function doisDigitos13(ie: string): boolean {
  const pesos = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  return confere(ie, 11, modulo11(ie, pesos.slice(1))) && confere(ie, 12, modulo11(ie, pesos));
}

const umDigito9 = (ie: string) => confere(ie, 8, modulo11(ie, decrescentes(9)));

/** Alagoas and Rio Grande do Norte: (Σ × 10) mod 11, 10 becoming 0. */
function produtoPorDez(ie: string, pesos: readonly number[]): number {
  const resto = (soma(ie, pesos) * 10) % 11;
  return resto === 10 ? 0 : resto;
}

/** Amapá (its prefix 03 is checked by the table): the number's range adds p and gives the digit for 11. */
function amapa(ie: string): boolean {
  const numero = Number(ie.slice(0, 8));
  const [p, d] = numero <= 3017000 ? [5, 0] : numero <= 3019022 ? [9, 1] : [0, 0];
  const dv = 11 - ((p + soma(ie, decrescentes(9))) % 11);
  return confere(ie, 8, dv === 10 ? 0 : dv === 11 ? d : dv);
}

function amazonas(ie: string): boolean {
  const total = soma(ie, decrescentes(9));
  if (total < 11) return confere(ie, 8, 11 - total);
  const resto = total % 11;
  return confere(ie, 8, resto <= 1 ? 0 : 11 - resto);
}

/** Bahia: 8 or 9 digits, the second check digit computed first; modulo 10 or 11 by the first (8) or second (9) digit. */
function bahia(ie: string): boolean {
  const oito = ie.length === 8;
  const base = ie.slice(0, oito ? 6 : 7);
  const teste = ie[oito ? 0 : 1];
  const modulo = '679'.includes(teste) ? 11 : 10;
  const digito = (texto: string) => {
    const resto = soma(texto, decrescentes(texto.length + 1)) % modulo;
    return modulo === 10 ? (resto === 0 ? 0 : 10 - resto) : resto < 2 ? 0 : 11 - resto;
  };
  const segundo = digito(base);
  const primeiro = digito(base + segundo);
  return ie.endsWith(`${primeiro}${segundo}`);
}

function goias(ie: string): boolean {
  const resto = soma(ie, decrescentes(9)) % 11;
  const numero = Number(ie.slice(0, 8));
  const dv = resto === 0 ? 0 : resto === 1 ? (numero >= 10103105 && numero <= 10119997 ? 1 : 0) : 11 - resto;
  return confere(ie, 8, dv);
}

function matoGrossoDoSul(ie: string): boolean {
  const resto = soma(ie, decrescentes(9)) % 11;
  const dv = resto === 0 ? 0 : 11 - resto;
  return confere(ie, 8, dv > 9 ? 0 : dv);
}

/** Minas Gerais: the first digit over the number with a 0 after the municipality, digits of each product summed. */
function minasGerais(ie: string): boolean {
  const comZero = `${ie.slice(0, 3)}0${ie.slice(3, 11)}`;
  let total = 0;
  for (let i = 0; i < comZero.length; i++) {
    const produto = Number(comZero[i]) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(produto / 10) + (produto % 10);
  }
  const primeiro = (10 - (total % 10)) % 10;
  return confere(ie, 11, primeiro) && confere(ie, 12, modulo11(ie, [3, 2, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
}

function parana(ie: string): boolean {
  return confere(ie, 8, modulo11(ie, [3, 2, 7, 6, 5, 4, 3, 2])) && confere(ie, 9, modulo11(ie, [4, 3, 2, 7, 6, 5, 4, 3, 2]));
}

/** Pernambuco: eFisco's 9 digits (two check digits), or the older 14 (one). */
function pernambuco(ie: string): boolean {
  if (ie.length === 9) return confere(ie, 7, modulo11(ie, decrescentes(8))) && confere(ie, 8, modulo11(ie, decrescentes(9)));
  const dv = 11 - (soma(ie, [5, 4, 3, 2, 1, 9, 8, 7, 6, 5, 4, 3, 2]) % 11);
  return confere(ie, 13, dv > 9 ? dv - 10 : dv);
}

/** Rondônia: 14 digits since 2000; the older 9 have the municipality in the first 3. */
function rondonia(ie: string): boolean {
  const digito = (texto: string, pesos: readonly number[]) => {
    const dv = 11 - (soma(texto, pesos) % 11);
    return dv >= 10 ? dv - 10 : dv;
  };
  if (ie.length === 9) return confere(ie, 8, digito(ie.slice(3), [6, 5, 4, 3, 2]));
  return confere(ie, 13, digito(ie, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
}

/** São Paulo: 12 digits, check digits in the 9th and 12th places (the rightmost digit of the remainder). */
function saoPaulo(ie: string, preenchido: boolean): boolean {
  const digito = (pesos: readonly number[]) => (soma(ie, pesos) % 11) % 10;
  if (!confere(ie, 8, digito([1, 3, 4, 5, 6, 7, 8, 10]))) return false;
  // A rural producer's P-0MMMMMMM.D/NNN written without the P has that check digit only: written whole. Padded,
  // any number of up to three digits would pass as one (eight zeros check to 0), so "123" was an SP registration.
  const produtorRural = ie[0] === '0' && !preenchido;
  return produtorRural || confere(ie, 11, digito([3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
}

/** Tocantins: 9 digits, or the older 11 whose 3rd-4th digits (the kind of company) stay out of the sum. */
function tocantins(ie: string): boolean {
  if (ie.length === 9) return umDigito9(ie);
  if (!['01', '02', '03', '99'].includes(ie.slice(2, 4))) return false;
  return confere(ie, 10, modulo11(ie.slice(0, 2) + ie.slice(4), decrescentes(9)));
}

interface RegraIe {
  /** The forms the state issues, in digits (the shortest is what a number without its leading zeros is padded to). */
  tamanhos: readonly number[];
  prefixo?: RegExp;
  /** `preenchido`: the number was written shorter and padded with leading zeros to this form. */
  confere: (ie: string, preenchido: boolean) => boolean;
}

const REGRAS: Readonly<Record<Uf, RegraIe>> = {
  AC: { tamanhos: [13], prefixo: /^01/, confere: doisDigitos13 },
  AL: { tamanhos: [9], prefixo: /^24/, confere: (ie) => confere(ie, 8, produtoPorDez(ie, decrescentes(9))) },
  AP: { tamanhos: [9], prefixo: /^03/, confere: amapa },
  AM: { tamanhos: [9], confere: amazonas },
  BA: { tamanhos: [8, 9], confere: bahia },
  CE: { tamanhos: [9], confere: (ie) => confere(ie, 8, modulo11ZeroAcimaDeNove(ie, decrescentes(9))) },
  DF: { tamanhos: [13], confere: doisDigitos13 },
  ES: { tamanhos: [9], confere: umDigito9 },
  GO: { tamanhos: [9], confere: goias },
  MA: { tamanhos: [9], prefixo: /^12/, confere: umDigito9 },
  MT: { tamanhos: [11], confere: (ie) => confere(ie, 10, modulo11(ie, [3, 2, 9, 8, 7, 6, 5, 4, 3, 2])) },
  MS: { tamanhos: [9], confere: matoGrossoDoSul },
  MG: { tamanhos: [13], confere: minasGerais },
  PA: { tamanhos: [9], confere: umDigito9 },
  PB: { tamanhos: [9], confere: (ie) => confere(ie, 8, modulo11ZeroAcimaDeNove(ie, decrescentes(9))) },
  PR: { tamanhos: [10], confere: parana },
  PE: { tamanhos: [9, 14], confere: pernambuco },
  PI: { tamanhos: [9], confere: (ie) => confere(ie, 8, modulo11ZeroAcimaDeNove(ie, decrescentes(9))) },
  RJ: { tamanhos: [8], confere: (ie) => confere(ie, 7, modulo11(ie, [2, 7, 6, 5, 4, 3, 2])) },
  RN: {
    tamanhos: [9, 10],
    prefixo: /^20/,
    confere: (ie) => confere(ie, ie.length - 1, produtoPorDez(ie, decrescentes(ie.length))),
  },
  RS: { tamanhos: [10], confere: (ie) => confere(ie, 9, modulo11ZeroAcimaDeNove(ie, [2, 9, 8, 7, 6, 5, 4, 3, 2])) },
  RO: { tamanhos: [9, 14], confere: rondonia },
  RR: { tamanhos: [9], prefixo: /^24/, confere: (ie) => confere(ie, 8, soma(ie, [1, 2, 3, 4, 5, 6, 7, 8]) % 9) },
  SC: { tamanhos: [9], confere: umDigito9 },
  SP: { tamanhos: [12], confere: saoPaulo },
  SE: { tamanhos: [9], confere: (ie) => confere(ie, 8, modulo11ZeroAcimaDeNove(ie, decrescentes(9))) },
  TO: { tamanhos: [9, 11], confere: tocantins },
};

/**
 * The fewest digits a registration has without its leading zeros: RO's 14-digit form, the one with most zeros,
 * keeps six (0000000062521-3); every other form has more.
 */
const MINIMO_DIGITOS_SIGNIFICATIVOS = 6;

/**
 * Whether `ie` (digits, with or without punctuation) is a state registration `uf` could have issued:
 * its form and check digits. "ISENTO" is no number (the caller decides where it is allowed).
 */
export function inscricaoEstadualDaUf(ie: string, uf: Uf): boolean {
  const regra = REGRAS[uf];
  const digitos = ie.replace(/[.\-/\s]/g, '');
  // All zeros fits many modulo-11 rules and is nobody's registration; nor is a number of a few digits, which the
  // padding below would otherwise read as one in about one case in ten ("12" as SP's 000000000012).
  if (!regra || !/^\d+$/.test(digitos) || digitos.replace(/^0+/, '').length < MINIMO_DIGITOS_SIGNIFICATIVOS) return false;
  // The form of its length; a shorter number, each longer form with the leading zeros it was written without.
  const formas = regra.tamanhos.includes(digitos.length) ? [digitos.length] : regra.tamanhos.filter((t) => t > digitos.length);
  return formas.some((tamanho) => {
    const completo = digitos.padStart(tamanho, '0');
    return (!regra.prefixo || regra.prefixo.test(completo)) && regra.confere(completo, tamanho !== digitos.length);
  });
}

/**
 * The check every reader of an IE makes (the gateway's, the company's requirements, the simulator's
 * 209/210): ISENTO, or an address whose state is no UF (a foreign recipient, a missing state: other rules
 * speak of those), passes; a number must be one of `uf`'s.
 */
export function inscricaoEstadualConfereComUf(ie: string, uf: unknown): boolean {
  return ie === IE_ISENTO || !ehUf(uf) || inscricaoEstadualDaUf(ie, uf);
}

/** What an IE that is not one of its state's is told: `cStat` is SEFAZ's answer for it (209 issuer, 210 recipient). */
export function mensagemInscricaoEstadualDaUf(uf: Uf, cStat: '209' | '210'): string {
  return `não é uma inscrição estadual de ${uf}: o formato ou o dígito verificador não confere (a SEFAZ rejeita com ${cStat})`;
}
