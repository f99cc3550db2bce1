import { FORMATO_CHAVE_ACESSO } from '@emissor/fiscal-domain';
import { raw } from 'bwip-js';

/** Code 128 codewords this symbol uses: start in set C, and the switches between sets C and A. */
const START_C = 105;
const CODE_A = 101;
const CODE_C = 99;

const pares = (digitos: string) => digitos.match(/\d\d/g)!.map(Number);
/** Set A's value of an upper-case letter or digit (ASCII 32..95 -> 0..63). */
const valorConjuntoA = (caractere: string) => caractere.charCodeAt(0) - 32;

/**
 * The key's codewords. All-digit keys: set C throughout (CODE-128C, MOC 7.0 §7.7 / DANFE). A key with an
 * alphanumeric CNPJ (NT Conjunta 2025.001, from July 2026) has letters only in its positions 7 to 18:
 * those 12 characters go in set A and the rest stays in set C (the NT's hybrid CODE-128C/CODE-128A), so
 * every such key is a symbol of the same width whatever its letters.
 */
export function palavrasDaChave(chave: string): number[] {
  if (!/[A-Z]/.test(chave)) return [START_C, ...pares(chave)];
  const cnpjBase = [...chave.slice(6, 18)].map(valorConjuntoA);
  return [START_C, ...pares(chave.slice(0, 6)), CODE_A, ...cnpjBase, CODE_C, ...pares(chave.slice(18))];
}

/**
 * Code-128 of the 44-character access key as inline SVG (vector in the PDF, so it prints sharp at any
 * resolution). bwip-js lays out the codewords chosen here (`raw`: it adds the check character and the
 * stop); its bar/space widths become one filled path, which Chromium prints faster than bwip-js's
 * stroked SVG. The quiet zones are the template's padding.
 */
export function codigoBarrasChave(chave: string): string {
  if (!FORMATO_CHAVE_ACESSO.test(chave)) throw new Error(`Chave de acesso inválida para o código de barras: ${chave}`);
  const palavras = palavrasDaChave(chave)
    .map((p) => `^${String(p).padStart(3, '0')}`)
    .join('');
  // BWIPP's options as text: `raw` = the data are codewords (^NNN).
  const [simbolo] = raw('code128', palavras, 'raw');
  if (!simbolo || !('sbs' in simbolo)) throw new Error('bwip-js não devolveu as barras do Code-128');
  // sbs alternates bar and space widths, in modules, starting with a bar.
  let x = 0;
  const barras: string[] = [];
  simbolo.sbs.forEach((largura: number, i: number) => {
    if (i % 2 === 0) barras.push(`M${x} 0h${largura}v1h-${largura}z`);
    x += largura;
  });
  return (
    `<svg class="barras" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${x} 1" preserveAspectRatio="none" role="img" aria-label="Código de barras da chave de acesso">` +
    `<path d="${barras.join('')}" fill="#000"/></svg>`
  );
}
