import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import type { Page } from 'puppeteer-core';
import { lerNfeProc } from '../leitura/ler-nfe-proc';
import { type ModeloDanfe, montarModeloDanfe, type SituacaoImpressao } from '../modelo/modelo-danfe';
import { type Folha, folhaUnica, paginar } from '../modelo/paginacao';
import { folhasTransbordando, type MedicaoPagina, medirPrimeiraPassagem } from './medicao';
import type { PoolNavegador } from './pool-navegador';

/** Bump when the printed layout changes: stored PDFs of an older layout are rendered again. */
export const VERSAO_LAYOUT_DANFE = 1;

export interface DanfeRenderizado {
  pdf: Buffer;
  folhas: number;
  /** 1 when sheet 1 held everything (measured and printed in one pass), 2 otherwise. */
  passagens: number;
}

type Contexto = ModeloDanfe & {
  folhas: Folha[];
  medicao: boolean;
  folhaMedicao?: { numero: number; total: number };
  semItens?: never[];
  linhaMedicao?: string[];
};

const CAMINHO_TEMPLATE = join(__dirname, '..', 'template', 'danfe.html');

/**
 * nfeProc XML → PDF. The layout is measured by the browser itself, so text wraps and page breaks
 * are exactly Chromium's, never estimated:
 *  1. everything on sheet 1 plus a skeleton of a continuation sheet; measure. If sheet 1 holds it
 *     all (most notes), print this page as it is.
 *  2. otherwise paginate from the measured heights, lay the sheets out, check that no area
 *     overflows (nothing is ever cut), and print.
 */
export class RenderizadorDanfe {
  private readonly template: Handlebars.TemplateDelegate<Contexto>;

  constructor(
    private readonly pool: PoolNavegador,
    caminhoTemplate = CAMINHO_TEMPLATE,
  ) {
    // strict: a name missing from the view model is a bug, not an empty cell.
    this.template = Handlebars.compile<Contexto>(readFileSync(caminhoTemplate, 'utf8'), { strict: true, preventIndent: true });
  }

  /** The HTML of the first pass (also handy to look at the layout in a browser). */
  html(modelo: ModeloDanfe, folhas: Folha[] | null): string {
    return this.template({
      ...modelo,
      folhas: folhas ?? folhaUnica(modelo.itens),
      medicao: folhas === null,
      folhaMedicao: { numero: 2, total: 2 },
      semItens: [],
      linhaMedicao: ['Medição'],
    });
  }

  async renderizar(xmlNfeProc: string, situacao: SituacaoImpressao = {}): Promise<DanfeRenderizado> {
    const modelo = montarModeloDanfe(lerNfeProc(xmlNfeProc), situacao);
    const primeira = this.html(modelo, null);
    return this.pool.usar(async (pagina) => {
      await carregar(pagina, primeira);
      const medida = await pagina.evaluate(medirPrimeiraPassagem);
      if (medida.cabe) return { pdf: await imprimir(pagina), folhas: 1, passagens: 1 };

      const folhas = paginar(modelo.itens, { ...medida, linhasTexto: linhasDoTexto(modelo, medida) });
      await carregar(pagina, this.html(modelo, folhas));
      const cortadas = await pagina.evaluate(folhasTransbordando);
      if (cortadas.length) throw new Error(`DANFE: conteúdo transbordou nas folhas ${cortadas.join(', ')} (nota ${modelo.chaveAcesso})`);
      return { pdf: await imprimir(pagina), folhas: folhas.length, passagens: 2 };
    });
  }
}

/** The text of each measured line: its words joined as the browser showed them. */
function linhasDoTexto(modelo: ModeloDanfe, medida: MedicaoPagina): string[] {
  const { palavras } = modelo;
  return medida.iniciosLinhas.map((inicio, i) => {
    const fim = medida.iniciosLinhas[i + 1] ?? palavras.length;
    return palavras
      .slice(inicio, fim)
      .map((p, j) => (j > 0 && p.espaco ? ` ${p.texto}` : p.texto))
      .join('');
  });
}

async function carregar(pagina: Page, html: string): Promise<void> {
  // Nothing external to wait for: 'load' fires as soon as the document is parsed.
  await pagina.setContent(html, { waitUntil: 'load' });
}

async function imprimir(pagina: Page): Promise<Buffer> {
  const pdf = await pagina.pdf({
    printBackground: false,
    preferCSSPageSize: true,
    tagged: false,
    outline: false,
    margin: { top: 0, right: 0, bottom: 0, left: 0 },
  });
  return Buffer.from(pdf);
}
