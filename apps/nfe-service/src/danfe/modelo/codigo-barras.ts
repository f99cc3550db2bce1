import { raw } from 'bwip-js';

/**
 * Code-128 of the 44-digit access key as inline SVG (vector in the PDF, so it prints sharp at any
 * resolution). bwip-js encodes the symbol (an all-digit text goes in code set C, as the manual
 * requires: CODE-128C); here its bar/space widths become one filled path, which Chromium prints
 * faster than bwip-js's stroked SVG. The quiet zones are the template's padding.
 */
export function codigoBarrasChave(chave: string): string {
  if (!/^\d{44}$/.test(chave)) throw new Error(`Chave de acesso inválida para o código de barras: ${chave}`);
  const [simbolo] = raw('code128', chave, {});
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
