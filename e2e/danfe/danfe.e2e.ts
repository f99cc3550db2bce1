/**
 * DANFE through the public API, on notes the SEFAZ simulator really authorized: the PDF is read
 * back with pdftotext (every block's key values, "FOLHA X/Y"), pdfinfo (page count) and, for the
 * barcode, page 1 rasterized with pdftoppm and decoded by zbarimg.
 */
import { randomUUID } from 'node:crypto';
import { baixar, contaComEmpresaApta, type ContaTeste, criarNotaAutorizada, esperarNota, notaValida, requisitar } from '../support/api';
import { codigosBarrasPrimeiraPagina, paginasTexto, quantidadePaginas, textoCorrido } from './pdf';

jest.setTimeout(90_000);

const codigo = (n: number) => `PRD-${String(n).padStart(5, '0')}`;
const itens = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    quantidade: String((i % 5) + 1),
    codigo: codigo(i + 1),
    descricao:
      i % 4 === 3 ? `Jogo de panelas antiaderente com tampa de vidro temperado e cabo ergonômico, item ${i + 1}` : `Produto ${i + 1}`,
    ncm: '73239300',
    cfop: '5102',
    unidade_comercial: 'UN',
    valor_unitario: `${10 + (i % 40)}.50`,
    cst_icms: '00',
    aliquota_icms: '0.18',
  }));
/** "2878.93" → "2.878,93", as the DANFE prints money. */
const reais = (v: string) => {
  const [i, d] = v.split('.');
  return `${i.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${d}`;
};
const grupos = (chave: string) => chave.match(/.{4}/g)!.join(' ');
const numeroImpresso = (n: number) =>
  String(n)
    .padStart(9, '0')
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');

describe('DANFE: GET /nfe/v1/notas/{uuid}/danfe', () => {
  let homologacao: { conta: ContaTeste; cnpj: string };
  let producao: { conta: ContaTeste; cnpj: string };
  const danfe = (
    alvo: { conta: ContaTeste; cnpj: string },
    uuid: string,
    cabecalhos: Record<string, string> = {},
    credencial = alvo.conta.producao,
  ) => baixar(`/nfe/v1/notas/${uuid}/danfe`, { credencial, cnpj: alvo.cnpj, cabecalhos });

  /** Checks shared by every DANFE: identification on every sheet, sheet numbering, items, total, barcode. */
  function conferir(pdf: Buffer, nota: any, quantosItens: number) {
    const paginas = paginasTexto(pdf);
    expect(quantidadePaginas(pdf)).toBe(paginas.length);
    paginas.forEach((p, i) => {
      expect(p).toContain(`FOLHA ${i + 1}/${paginas.length}`);
      expect(p).toContain(grupos(nota.chave_acesso));
      expect(p).toContain(`Nº ${numeroImpresso(nota.numero)}`);
      expect(p).toContain(`SÉRIE ${String(nota.serie).padStart(3, '0')}`);
    });
    expect(paginas[0]).toContain(reais(nota.totais.valor_total));
    expect(paginas[0]).toContain(reais(nota.totais.valor_icms));
    expect(paginas[0]).toContain(reais(nota.totais.valor_produtos));
    expect(paginas[0]).toContain('Venda de mercadoria');
    expect(paginas[0]).toMatch(/PROTOCOLO DE AUTORIZAÇÃO DE USO/);
    expect(paginas[0]).toContain(nota.protocolo ?? '');
    expect(paginas.join('\n').match(/PRD-\d{5}/g)).toEqual(Array.from({ length: quantosItens }, (_, i) => codigo(i + 1)));
    expect(codigosBarrasPrimeiraPagina(pdf)).toEqual([nota.chave_acesso]);
    return paginas;
  }

  beforeAll(async () => {
    [homologacao, producao] = await Promise.all([contaComEmpresaApta(), contaComEmpresaApta()]);
    const r = await requisitar('PATCH', '/nfe/v1/empresa', {
      credencial: producao.conta.producao,
      cnpj: producao.cnpj,
      corpo: { nfe_ambiente: 'producao', confirmar_producao: true },
    });
    expect(r.status).toBe(200);
  });

  it('400 para uuid inválido; 404 para nota inexistente ou de outra conta', async () => {
    const ruim = await danfe(homologacao, 'nao-e-um-uuid');
    expect(ruim.status).toBe(400);
    expect(ruim.json).toMatchObject({ error: 'invalid_params', params: { uuid: expect.any(Array) } });
    const inexistente = await danfe(homologacao, randomUUID());
    expect(inexistente.status).toBe(404);
    expect(inexistente.json).toEqual({ error: 'Nota de produto não encontrada' });
    // Another company's note is invisible whatever its state.
    const criada = await requisitar('POST', '/nfe/v1/notas', {
      credencial: homologacao.conta.producao,
      cnpj: homologacao.cnpj,
      corpo: notaValida(),
    });
    expect(criada.status).toBe(201);
    const alheia = await danfe(producao, criada.corpo.uuid);
    expect(alheia.status).toBe(404);
    expect(alheia.json).toEqual({ error: 'Nota de produto não encontrada' });
  });

  it('409 DANFE ainda não disponível para nota que a SEFAZ não autorizou', async () => {
    const r = await requisitar('POST', '/nfe/v1/notas', {
      credencial: homologacao.conta.producao,
      cnpj: homologacao.cnpj,
      corpo: notaValida({ itens: [{ ...itens(1)[0], ncm: '00000000' }] }), // the simulator rejects this NCM (778)
    });
    expect(r.status).toBe(201);
    await esperarNota(homologacao.conta, homologacao.cnpj, r.corpo.uuid, (n) => n.situacao === 'rejeitada');
    const d = await danfe(homologacao, r.corpo.uuid);
    expect(d.status).toBe(409);
    expect(d.json).toEqual({ error: 'DANFE ainda não disponível' });
  });

  it('homologação, 1 item: PDF com SEM VALOR FISCAL, código de barras = chave; o segundo download é o PDF guardado', async () => {
    const nota = await criarNotaAutorizada(homologacao.conta, homologacao.cnpj, notaValida({ itens: itens(1) }));
    const d = await danfe(homologacao, nota.uuid, { accept: 'application/pdf' });
    expect(d.status).toBe(200);
    expect(d.tipo).toBe('application/pdf');
    expect(d.corpo.subarray(0, 5).toString()).toBe('%PDF-');
    const paginas = conferir(d.corpo, nota, 1);
    expect(paginas).toHaveLength(1);
    expect(paginas[0]).toContain('NF-E EMITIDA EM AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL');
    expect(textoCorrido(d.corpo)).toMatch(/SEM VALOR FISCAL\s*$/); // the watermark, drawn last
    const inicio = Date.now();
    const outra = await danfe(homologacao, nota.uuid);
    expect(Date.now() - inicio).toBeLessThan(1_000);
    expect(outra.corpo.equals(d.corpo)).toBe(true);
  });

  it('Accept que não aceita PDF: 406', async () => {
    const nota = await criarNotaAutorizada(homologacao.conta, homologacao.cnpj, notaValida());
    const d = await danfe(homologacao, nota.uuid, { accept: 'text/html' });
    expect(d.status).toBe(406);
  });

  it('produção, 30 itens com pagamentos: duas folhas numeradas, todos os itens, sem marca d’água', async () => {
    const corpo = notaValida({ itens: itens(30) });
    const previa = await requisitar('POST', '/nfe/v1/notas', {
      credencial: producao.conta.producao,
      cnpj: producao.cnpj,
      corpo: { ...corpo, codigo_externo: `${corpo.codigo_externo}-previa` },
    });
    const total: string = previa.corpo.totais.valor_total;
    const dinheiro = (Number(total) - 50).toFixed(2);
    const nota = await criarNotaAutorizada(producao.conta, producao.cnpj, {
      ...corpo,
      pagamentos: [
        { forma_pagamento: '01', valor: dinheiro },
        { forma_pagamento: '17', valor: '50.00', cartao: { tipo_integracao: 2 } },
      ],
    });
    const d = await danfe(producao, nota.uuid);
    expect(d.status).toBe(200);
    const paginas = conferir(d.corpo, nota, 30);
    expect(paginas.length).toBe(2);
    expect(paginas[0]).toContain('01 - DINHEIRO');
    expect(paginas[0]).toContain(`R$ ${reais(dinheiro)}`);
    expect(paginas[0]).toContain('17 - PAGAMENTO INSTANTÂNEO (PIX) DINÂMICO');
    expect(paginas[1]).toContain('DESCRIÇÃO DO PRODUTO / SERVIÇO');
    expect(textoCorrido(d.corpo)).not.toContain('SEM VALOR FISCAL');
  });

  it('informações complementares longas continuam na folha seguinte', async () => {
    const infCpl = Array.from(
      { length: 40 },
      (_, i) => `Observacao ${i + 1}: mercadoria conferida na expedicao, lacre numero ${1000 + i}.`,
    ).join(' ');
    const nota = await criarNotaAutorizada(
      homologacao.conta,
      homologacao.cnpj,
      notaValida({ itens: itens(2), informacoes_complementares: infCpl }),
    );
    const d = await danfe(homologacao, nota.uuid);
    const paginas = conferir(d.corpo, nota, 2);
    expect(paginas.length).toBeGreaterThanOrEqual(2);
    expect(paginas[0]).toContain('(continua na folha 2)');
    expect(paginas[1]).toContain('DADOS ADICIONAIS (CONTINUAÇÃO)');
    const corrido = textoCorrido(d.corpo);
    expect(corrido).toContain('Observacao 1:');
    expect(corrido).toContain('lacre numero 1039.');
  });

  it('cancelada: o PDF guardado da nota autorizada é refeito com o carimbo CANCELADA', async () => {
    const nota = await criarNotaAutorizada(producao.conta, producao.cnpj, notaValida({ itens: itens(3) }));
    const antes = await danfe(producao, nota.uuid);
    expect(antes.status).toBe(200);
    expect(textoCorrido(antes.corpo)).not.toContain('CANCELADA');
    const c = await requisitar(
      'DELETE',
      `/nfe/v1/notas/${nota.uuid}/cancel?justificativa=${encodeURIComponent('Pedido cancelado pelo cliente antes do envio')}`,
      {
        credencial: producao.conta.producao,
        cnpj: producao.cnpj,
      },
    );
    expect(c.status).toBe(202);
    const cancelada = await esperarNota(producao.conta, producao.cnpj, nota.uuid, (n) => n.situacao === 'cancelada');
    const depois = await danfe(producao, nota.uuid);
    expect(depois.status).toBe(200);
    conferir(depois.corpo, cancelada, 3);
    expect(textoCorrido(depois.corpo)).toMatch(/CANCELADA Protocolo \d+ - \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    expect(depois.corpo.equals(antes.corpo)).toBe(false);
  });

  it('credencial sandbox: nota de sandbox tem SEM VALOR FISCAL e não é vista pela credencial de produção', async () => {
    const { conta, cnpj } = homologacao;
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida(), conta.sandbox);
    const d = await danfe(homologacao, nota.uuid, {}, conta.sandbox);
    expect(d.status).toBe(200);
    expect(textoCorrido(d.corpo)).toContain('SEM VALOR FISCAL');
    expect((await danfe(homologacao, nota.uuid)).status).toBe(404);
  });
});
