/**
 * How the DANFE shows SEFAZ values to a person (pt-BR). Input is always the XML's own text
 * ("1234.50", "2026-11-22T14:05:09-03:00"): decimals go through decimal.js, never floats, and
 * dates keep the issuer's wall-clock time written in the document (no time-zone conversion).
 */
import { dec, somenteDigitos } from '@emissor/fiscal-domain';

function agruparMilhar(inteiro: string): string {
  return inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** `1234.5` → `1.234,50` (fixed places, half-up as SEFAZ rounds). Empty or missing → ''. */
export function numeroBr(valor: string | undefined | null, casas = 2): string {
  if (valor === undefined || valor === null || valor.trim() === '') return '';
  // SEFAZ decimals are unsigned (TDec_*), so there is no sign to handle.
  const [inteiro, fracao] = dec(valor).toFixed(casas).split('.');
  return `${agruparMilhar(inteiro)}${fracao ? `,${fracao}` : ''}`;
}

/** Unit value: as many places as the XML carries (2 to 10), without trailing zeros past the 2nd. */
export function valorUnitarioBr(valor: string | undefined): string {
  if (!valor) return '';
  const casas = Math.min(Math.max(dec(valor).decimalPlaces(), 2), 10);
  return numeroBr(valor, casas);
}

/** `2026-11-22T14:05:09-03:00` or `2026-11-22` → `22/11/2026`. */
export function dataBr(valor: string | undefined): string {
  const m = valor ? /^(\d{4})-(\d{2})-(\d{2})/.exec(valor) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** `2026-11-22T14:05:09-03:00` → `14:05:09` (the time as written: the issuer's local time). */
export function horaBr(valor: string | undefined): string {
  const m = valor ? /T(\d{2}:\d{2}:\d{2})/.exec(valor) : null;
  return m ? m[1] : '';
}

export function dataHoraBr(valor: string | undefined): string {
  const d = dataBr(valor);
  const h = horaBr(valor);
  return h ? `${d} ${h}` : d;
}

/** CNPJ (14, numeric or the 2026 alphanumeric form) or CPF (11) with its punctuation; anything else as is. */
export function documentoBr(valor: string | undefined): string {
  if (!valor) return '';
  const v = valor.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (v.length === 14) return `${v.slice(0, 2)}.${v.slice(2, 5)}.${v.slice(5, 8)}/${v.slice(8, 12)}-${v.slice(12)}`;
  if (/^\d{11}$/.test(v)) return `${v.slice(0, 3)}.${v.slice(3, 6)}.${v.slice(6, 9)}-${v.slice(9)}`;
  return valor;
}

export function cepBr(valor: string | undefined): string {
  const d = valor ? somenteDigitos(valor) : '';
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (valor ?? '');
}

export function telefoneBr(valor: string | undefined): string {
  const d = valor ? somenteDigitos(valor) : '';
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  return valor ?? '';
}

/** The 44-character key in 11 groups of 4, as the manual asks for the printed key. */
export function chaveEmGrupos(chave: string): string {
  return (chave.match(/.{1,4}/g) ?? []).join(' ');
}

/** nNF as `000.000.042` (9 digits, grouped). */
export function numeroNotaBr(numero: string): string {
  return agruparMilhar(numero.padStart(9, '0'));
}

export function serieBr(serie: string): string {
  return serie.padStart(3, '0');
}
