import { toSVG } from 'bwip-js';

/**
 * Code-128 of the 44-digit access key as inline SVG (vector in the PDF, so it prints sharp at any
 * resolution). bwip-js encodes an all-digit text in code set C, which is what the manual requires
 * (CODE-128C). The quiet zones are the template's padding; the SVG stretches to its box.
 */
export function codigoBarrasChave(chave: string): string {
  if (!/^\d{44}$/.test(chave)) throw new Error(`Chave de acesso inválida para o código de barras: ${chave}`);
  const svg = toSVG({ bcid: 'code128', text: chave, height: 10, scaleX: 1, scaleY: 1, includetext: false, paddingwidth: 0, paddingheight: 0 });
  return svg.replace('<svg ', '<svg preserveAspectRatio="none" class="barras" role="img" aria-label="Código de barras da chave de acesso" ');
}
