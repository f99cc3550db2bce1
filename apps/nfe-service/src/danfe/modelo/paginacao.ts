/**
 * Splits items and additional-information lines into sheets, from heights the browser measured
 * (CSS px). Pure: the same measurements always give the same sheets, so it is unit-tested alone.
 *
 * Sheet 1 carries every block; its products area takes as many items as fit and its additional
 * information box as many lines as fit. Following sheets repeat the identification header and
 * continue the products table (with its column header); once the items end, the remaining lines of
 * the additional information continue in a "dados adicionais (continuação)" block.
 */
import type { LinhaItem } from './modelo-danfe';

export interface Medidas {
  /** Height of each item row, in order (includes its share of the borders). */
  alturasItens: number[];
  /** Sheet 1: room for item rows (below the column header). */
  espacoItensPrimeira: number;
  /** Sheet 1: how many lines of additional information its box shows. */
  linhasPrimeira: number;
  /** Following sheets: room below the identification header. */
  espacoContinuacao: number;
  /** Block title + column header of the products table. */
  cabecalhoProdutos: number;
  /** Block title + label of the additional information continuation, plus its bottom padding. */
  cabecalhoDados: number;
  /** Gap between the products block and the continuation block on one sheet. */
  separacao: number;
  alturaLinha: number;
  /** Lines of additional information, as the browser wrapped them at the box's width. */
  linhasTexto: string[];
}

export interface Folha {
  numero: number;
  total: number;
  primeira: boolean;
  itens: LinhaItem[];
  /** Sheet 1: the box's lines. Later sheets: the continuation lines (empty when none). */
  linhasDados: string[];
  /** Sheet 1 only, when its box could not hold all the text: where the text goes on. */
  continuaNaFolha?: number;
}

/** Subpixel rounding and border overlap can differ by a pixel from the measurement. */
const FOLGA_PX = 3;

function caber(alturas: number[], desde: number, espaco: number, aoMenosUm: boolean): number {
  let usado = 0;
  let i = desde;
  while (i < alturas.length && usado + alturas[i] <= espaco) usado += alturas[i++];
  // A row taller than a whole sheet cannot exist with the layout's limits (xProd 120, infAdProd 500 chars),
  // but never loop forever: such a row goes alone on its sheet.
  if (i === desde && aoMenosUm && i < alturas.length) i++;
  return i;
}

export function paginar(itens: LinhaItem[], m: Medidas): Folha[] {
  if (itens.length !== m.alturasItens.length) throw new Error('paginar: medidas e itens não correspondem');
  const paginas: { itens: LinhaItem[]; linhasDados: string[] }[] = [];
  const fimPrimeira = caber(m.alturasItens, 0, m.espacoItensPrimeira - FOLGA_PX, false);
  // When the text goes on, the box's last line says where ("continua na folha N").
  const transborda = m.linhasTexto.length > m.linhasPrimeira;
  const linhasPrimeira = Math.max(0, transborda ? m.linhasPrimeira - 1 : m.linhasTexto.length);
  paginas.push({ itens: itens.slice(0, fimPrimeira), linhasDados: m.linhasTexto.slice(0, linhasPrimeira) });

  let proximoItem = fimPrimeira;
  let proximaLinha = linhasPrimeira;
  while (proximoItem < itens.length || proximaLinha < m.linhasTexto.length) {
    let espaco = m.espacoContinuacao - FOLGA_PX;
    const inicio = proximoItem;
    if (proximoItem < itens.length) {
      espaco -= m.cabecalhoProdutos;
      proximoItem = caber(m.alturasItens, proximoItem, espaco, true);
      for (let i = inicio; i < proximoItem; i++) espaco -= m.alturasItens[i];
    }
    const linhas: string[] = [];
    if (proximoItem >= itens.length && proximaLinha < m.linhasTexto.length) {
      const livre = espaco - m.cabecalhoDados - (proximoItem > inicio ? m.separacao : 0);
      const cabem = Math.floor(livre / m.alturaLinha);
      // A sheet without items always takes at least one line, so this always ends.
      const quantas = Math.min(m.linhasTexto.length - proximaLinha, proximoItem > inicio ? Math.max(0, cabem) : Math.max(1, cabem));
      linhas.push(...m.linhasTexto.slice(proximaLinha, proximaLinha + quantas));
      proximaLinha += quantas;
    }
    paginas.push({ itens: itens.slice(inicio, proximoItem), linhasDados: linhas });
  }
  const folhas: Folha[] = paginas.map((p, i) => ({ numero: i + 1, total: paginas.length, primeira: i === 0, ...p }));
  if (transborda) folhas[0].continuaNaFolha = folhas.findIndex((f, i) => i > 0 && f.linhasDados.length > 0) + 1;
  return folhas;
}

/** The optimistic first layout: everything on sheet 1 (right for most notes; verified by measuring). */
export function folhaUnica(itens: LinhaItem[]): Folha[] {
  return [{ numero: 1, total: 1, primeira: true, itens, linhasDados: [] }];
}
