/**
 * Renders real signed notes with Debian's Chromium and reads the PDFs back as a person and a scanner
 * would: pdftotext for every block's key values, pdfinfo for the page count, pdftoppm + zbarimg for
 * the barcode. Needs chromium, poppler-utils and zbar-tools (.ci/run installs them).
 */
import type { NotaEntrada } from '@emissor/fiscal-domain';
import { codigoItem, notaAutorizada, notaDanfe, type OpcoesNotaAutorizada } from '../__fixtures__/notas-danfe';
import { codigosBarrasPrimeiraPagina, paginasTexto, quantidadePaginas, textoCorrido, textoCorridoPorPagina } from '../__fixtures__/pdf';
import { numeroBr } from '../modelo/formatacao';
import { lerNfeProc } from '../leitura/ler-nfe-proc';
import { type SituacaoImpressao, textoIbsCbs } from '../modelo/modelo-danfe';
import { PoolNavegador } from './pool-navegador';
import { type DanfeRenderizado, RenderizadorDanfe } from './renderizador-danfe';

jest.setTimeout(60_000);

const pool = new PoolNavegador({
  executavel: process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  paginas: 2,
  tempoLimiteMs: 30_000,
});
const renderizador = new RenderizadorDanfe(pool);
afterAll(() => pool.encerrar());

const CHAVE_EM_GRUPOS = /(\d{4} ){10}\d{4}/;

interface Caso {
  pdf: Buffer;
  r: DanfeRenderizado;
  paginas: string[];
  chave: string;
  vNF: string;
  corrido: string;
}

async function renderizar(nota: NotaEntrada, o: OpcoesNotaAutorizada = {}, situacao: SituacaoImpressao = {}): Promise<Caso> {
  const a = notaAutorizada(nota, o);
  const r = await renderizador.renderizar(a.xml, situacao);
  const vNF = /<vNF>([^<]+)<\/vNF>/.exec(a.xml)![1];
  return { pdf: r.pdf, r, paginas: paginasTexto(r.pdf), chave: a.chaveAcesso, vNF, corrido: textoCorrido(r.pdf) };
}

/** What every DANFE must show, on every sheet and on sheet 1. */
function conferirComum(c: Caso, itens: number) {
  const total = c.paginas.length;
  expect(quantidadePaginas(c.pdf)).toBe(c.r.folhas);
  expect(total).toBe(c.r.folhas);
  c.paginas.forEach((p, i) => {
    // Every sheet repeats the identification: key, number, series, and its own "folha X/Y".
    expect(p).toContain(`FOLHA ${i + 1}/${total}`);
    expect(p).toContain(c.chave.match(/.{4}/g)!.join(' '));
    expect(p).toContain('Nº 000.000.042');
    expect(p).toContain('SÉRIE 001');
    expect(p).toContain('Comércio de Utilidades Domésticas Exemplo');
  });
  const p1 = c.paginas[0];
  expect(p1).toMatch(CHAVE_EM_GRUPOS);
  for (const trecho of [
    'RECEBEMOS DE',
    'DANFE',
    '0 - ENTRADA',
    'Venda de mercadoria adquirida de terceiros',
    '135260000012345 - 22/11/2026 14:05:12',
    '123456785016',
    '11.222.333/0001-81',
    'DESTINATÁRIO / REMETENTE',
    '00.000.000/0001-91',
    '22/11/2026',
    'Rua Funchal, 200',
    'CÁLCULO DO IMPOSTO',
    'VALOR TOTAL DA NOTA',
    numeroBr(c.vNF),
    'TRANSPORTADOR / VOLUMES TRANSPORTADOS',
    'DADOS DOS PRODUTOS / SERVIÇOS',
    'DADOS ADICIONAIS',
  ]) {
    expect(p1).toContain(trecho);
  }
  // Each item's code exactly once across the whole document, in order: nothing cut, nothing repeated.
  const codigos = c.paginas.join('\n').match(/PRD-\d{5}/g) ?? [];
  expect(codigos).toEqual(Array.from({ length: itens }, (_, i) => codigoItem(i + 1)));
  // A scanner reads the key from the rasterized first page.
  expect(codigosBarrasPrimeiraPagina(c.pdf)).toEqual([c.chave]);
}

describe('DANFE renderizado (Chromium → PDF)', () => {
  it('1 item, produção, com transportador, volumes e duplicatas: uma folha com todos os quadros', async () => {
    const c = await renderizar(notaDanfe(1), { comTransporte: true, duplicatas: 3 });
    expect(c.r).toMatchObject({ folhas: 1, passagens: 1 });
    conferirComum(c, 1);
    const p1 = c.paginas[0];
    for (const trecho of [
      'FOLHA 1/1',
      'Transportadora Rápida Ltda',
      '0 - Por conta do Remetente (CIF)',
      'ABC1D23',
      '12.345.678/0001-95',
      'CAIXA',
      '13,750',
      '12,500',
    ]) {
      expect(p1).toContain(trecho);
    }
    expect(p1).toContain('FATURA / DUPLICATAS');
    expect(p1).toContain('FAT-2026-77');
    expect(p1).toMatch(/DUPLICATA 001 · VENC\. 01\/12\/2026/);
    expect(p1).toContain('DUPLICATA 003');
    expect(c.corrido).not.toContain('SEM VALOR FISCAL');
    expect(c.corrido).not.toContain('CANCELADA');
  });

  it('30 itens com pagamentos (dinheiro e cartão): duas folhas, cabeçalho de itens repetido, textos escapados', async () => {
    const nota = notaDanfe(30);
    nota.itens[0] = { ...nota.itens[0], descricao: 'Caneca <b>azul</b> & "pires" (1 un)' };
    const vProd = /<vNF>([^<]+)<\/vNF>/.exec(notaAutorizada(nota).xml)?.[1] ?? '0';
    const pagamentos = [
      { forma_pagamento: '01', valor: (Number(vProd) - 100).toFixed(2) },
      { forma_pagamento: '03', valor: '100.00', cartao: { tipo_integracao: 2, bandeira: '01' } },
    ];
    const c = await renderizar({ ...nota, pagamentos } as NotaEntrada);
    expect(c.r.folhas).toBe(2);
    conferirComum(c, 30);
    expect(c.paginas[0]).toContain('PAGAMENTO');
    expect(c.paginas[0]).toContain('01 - DINHEIRO');
    expect(c.paginas[0]).toContain('03 - CARTÃO DE CRÉDITO (VISA)');
    expect(c.paginas[0]).toContain(`R$ ${numeroBr((Number(vProd) - 100).toFixed(2))}`);
    expect(c.paginas[0]).toContain('Caneca <b>azul</b> & "pires" (1 un)');
    // The continuation sheet repeats the products' column header.
    expect(c.paginas[1]).toContain('DESCRIÇÃO DO PRODUTO / SERVIÇO');
    expect(c.paginas[1]).toContain('VALOR TOTAL');
    expect(c.paginas[1]).not.toContain('CÁLCULO DO IMPOSTO');
    expect(c.paginas[1]).not.toContain('RECEBEMOS DE');
  });

  it('valores unitários com 10 casas cabem na coluna numa linha só, inteiros como no XML', async () => {
    const nota = notaDanfe(3);
    const valores = ['2.4664107866', '25.2795742288', '999.9999999999'];
    nota.itens = nota.itens.map((item, i) => ({ ...item, quantidade: '1.5', valor_unitario: valores[i] }));
    const c = await renderizar(nota);
    for (const v of valores) {
      const br = v.replace('.', ',');
      // The whole figure on one line of the page's text (pdftotext -layout), not split inside the cell.
      expect([br, c.paginas[0].split('\n').some((linha) => linha.includes(br))]).toEqual([br, true]);
    }
  });

  it('sem pagamento (forma 90) e homologação: marca d’água SEM VALOR FISCAL e o texto de homologação', async () => {
    const c = await renderizar(notaDanfe(2), { ambiente: 2 });
    conferirComum(c, 2);
    expect(c.paginas[0]).toContain('90 - SEM PAGAMENTO');
    expect(c.paginas[0]).toContain('R$ 0,00');
    expect(c.paginas[0]).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(c.corrido.match(/SEM VALOR FISCAL/g)!.length).toBeGreaterThanOrEqual(3); // aviso + recipient + watermark
  });

  it('nota de sandbox é sempre SEM VALOR FISCAL, mesmo com tpAmb 1', async () => {
    const c = await renderizar(notaDanfe(1), { ambiente: 1 }, { sandbox: true });
    expect(c.corrido).toContain('SEM VALOR FISCAL');
    expect(c.paginas[0]).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
  });

  it('cancelada: carimbo CANCELADA com o protocolo e a data do cancelamento em todas as folhas', async () => {
    const c = await renderizar(
      notaDanfe(40),
      {},
      { cancelamento: { protocolo: '135260000099999', data: new Date('2026-11-23T13:00:00Z'), offsetMinutos: -180 } },
    );
    conferirComum(c, 40);
    const carimbos = c.corrido.match(/CANCELADA Protocolo 135260000099999 - 23\/11\/2026 10:00:00/g) ?? [];
    expect(carimbos).toHaveLength(c.r.folhas);
  });

  it('informações complementares longas continuam nas folhas seguintes, sem cortar nenhuma palavra', async () => {
    const frases = Array.from(
      { length: 45 },
      (_, i) => `Frase ${i + 1} das informacoes complementares desta nota, com texto longo o bastante para quebrar a linha;`,
    );
    // A long word without spaces (a URL) must wrap inside the box, not overflow it.
    frases.push('Consulte https://www.exemplo.com.br/rastreamento/pedidos/2026/11/22/000000042/detalhes/completos');
    const infCpl = frases.join(' ');
    expect(infCpl.length).toBeLessThanOrEqual(5000);
    const c = await renderizar(notaDanfe(3, { informacoes_complementares: infCpl }));
    expect(c.r.folhas).toBeGreaterThanOrEqual(2);
    conferirComum(c, 3);
    expect(c.paginas[0]).toMatch(/\(continua na folha 2\)/);
    expect(c.paginas[1]).toContain('DADOS ADICIONAIS (CONTINUAÇÃO)');
    // The box of sheet 1 and the continuation blocks, read in order, give back the text exactly:
    // nothing lost, repeated or reordered (whitespace ignored: line breaks become spaces).
    const trechos = textoCorridoPorPagina(c.pdf).map((p, i) => {
      const inicio = p.indexOf('INFORMAÇÕES COMPLEMENTARES') + 'INFORMAÇÕES COMPLEMENTARES'.length;
      const fim = i === 0 ? p.indexOf('(continua na folha 2)') : p.indexOf('RESERVADO AO FISCO');
      return i === 0 || p.includes('DADOS ADICIONAIS (CONTINUAÇÃO)') ? p.slice(inicio, fim) : '';
    });
    // A regime-normal issuer's IBS/CBS paragraph (NT 2025.002) opens the box, before the text sent.
    const ibsCbs = textoIbsCbs(lerNfeProc(notaAutorizada(notaDanfe(3, { informacoes_complementares: infCpl })).xml));
    expect(ibsCbs).toMatch(/^IBS\/CBS/);
    expect(trechos.join('').replace(/\s/g, '')).toBe((ibsCbs + infCpl).replace(/\s/g, ''));
  });

  it('990 itens: todas as folhas numeradas X/Y, cada item uma vez, em ordem', async () => {
    const inicio = Date.now();
    const c = await renderizar(notaDanfe(990));
    const ms = Date.now() - inicio;
    expect(c.r.folhas).toBeGreaterThan(10);
    conferirComum(c, 990);
    for (const p of c.paginas.slice(1)) expect(p).toContain('DESCRIÇÃO DO PRODUTO / SERVIÇO');
    // NATS carries the PDF base64 in one message (1 MB by default).
    expect((c.pdf.length * 4) / 3).toBeLessThan(900_000);
    expect(ms).toBeLessThan(20_000);
  });
});
