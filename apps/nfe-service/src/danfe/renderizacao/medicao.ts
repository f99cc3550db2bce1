/**
 * Functions that run INSIDE the page (Puppeteer serializes them): they read the layout the browser
 * computed. They must stay self-contained (no imports, no closures) and use only the DOM.
 * The repository compiles without the DOM lib, so the few DOM shapes used are declared here.
 */

interface Retangulo {
  top: number;
  bottom: number;
  height: number;
}
interface Elemento {
  getBoundingClientRect(): Retangulo;
  querySelector(seletor: string): Elemento | null;
  querySelectorAll(seletor: string): ArrayLike<Elemento>;
  scrollHeight: number;
  clientHeight: number;
  textContent: string | null;
  remove(): void;
}

/** What the first pass reports: whether sheet 1 holds everything, and the heights to paginate otherwise. */
export interface MedicaoPagina {
  cabe: boolean;
  alturasItens: number[];
  espacoItensPrimeira: number;
  linhasPrimeira: number;
  espacoContinuacao: number;
  cabecalhoProdutos: number;
  cabecalhoDados: number;
  separacao: number;
  alturaLinha: number;
  /** Index of the first word of each line of the additional information. */
  iniciosLinhas: number[];
}

/**
 * Measures the first pass. When sheet 1 holds everything, also removes the continuation skeleton,
 * so the page can be printed straight away.
 */
export function medirPrimeiraPassagem(): MedicaoPagina {
  const doc = (globalThis as unknown as { document: Elemento }).document;
  const obter = (raiz: Elemento, seletor: string): Elemento => {
    const e = raiz.querySelector(seletor);
    if (!e) throw new Error(`DANFE: elemento ausente na medição: ${seletor}`);
    return e;
  };
  const primeira = obter(doc, '[data-folha="1"]');
  const area = obter(primeira, '[data-medir="area-primeira"]');
  const corpo = obter(area, 'table.produtos tbody');
  const inicioItens = corpo.getBoundingClientRect().top;
  const linhas = Array.from(corpo.querySelectorAll('tr.item'));
  const alturasItens: number[] = [];
  let anterior = inicioItens;
  for (const l of linhas) {
    const fim = l.getBoundingClientRect().bottom;
    alturasItens.push(fim - anterior);
    anterior = fim;
  }

  const texto = obter(primeira, '[data-medir="texto-primeira"]');
  const palavras = Array.from(texto.querySelectorAll('span'));
  const iniciosLinhas: number[] = [];
  let topo = Number.NEGATIVE_INFINITY;
  palavras.forEach((p, i) => {
    const t = p.getBoundingClientRect().top;
    // Same line = same top (within half a pixel; words of one line share the baseline box).
    if (t > topo + 0.5) {
      iniciosLinhas.push(i);
      topo = t;
    }
  });

  const esqueleto = obter(doc, '[data-folha="medicao"]');
  const continuacao = obter(esqueleto, '[data-medir="continuacao"]');
  const blocoProdutos = obter(esqueleto, '[data-medir="produtos-continuacao"]');
  const blocoDados = obter(esqueleto, '[data-medir="dados-continuacao"]');
  const umaLinha = obter(blocoDados, '.linha-texto');
  const alturaLinha = umaLinha.getBoundingClientRect().height;
  const caixaTexto = texto.getBoundingClientRect();
  const linhasPrimeira = Math.floor((caixaTexto.height + 0.5) / alturaLinha);
  const rDados = blocoDados.getBoundingClientRect();

  const cabe = area.scrollHeight <= area.clientHeight + 0.5 && iniciosLinhas.length <= linhasPrimeira;
  const medida: MedicaoPagina = {
    cabe,
    alturasItens,
    espacoItensPrimeira: area.getBoundingClientRect().bottom - inicioItens,
    linhasPrimeira,
    espacoContinuacao: continuacao.getBoundingClientRect().height,
    cabecalhoProdutos: obter(blocoProdutos, 'tbody').getBoundingClientRect().top - blocoProdutos.getBoundingClientRect().top,
    cabecalhoDados: rDados.height - alturaLinha,
    separacao: rDados.top - blocoProdutos.getBoundingClientRect().bottom,
    alturaLinha,
    iniciosLinhas,
  };
  if (cabe) esqueleto.remove();
  return medida;
}

/** After the final layout: the sheets whose areas overflow (empty = nothing is cut). */
export function folhasTransbordando(): number[] {
  const doc = (globalThis as unknown as { document: Elemento }).document;
  const ruins: number[] = [];
  Array.from(doc.querySelectorAll('section.folha')).forEach((folha, i) => {
    const areas = Array.from(
      folha.querySelectorAll('[data-medir="area-primeira"], [data-medir="texto-primeira"], [data-medir="continuacao"]'),
    );
    if (areas.some((a) => a.scrollHeight > a.clientHeight + 0.5)) ruins.push(i + 1);
  });
  return ruins;
}
