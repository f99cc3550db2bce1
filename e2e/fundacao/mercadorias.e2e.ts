import { type ContaTeste, criarConta, criarEmpresa, requisitar } from '../support/api';

describe('catálogo de mercadorias', () => {
  let conta: ContaTeste;
  const item = {
    codigo: 'CAMISETA-P',
    nome: 'Camiseta P',
    ncm: '61091000',
    unidade_comercial: 'UN',
    valor: '49.9',
    cfop_interno: '5102',
    cfop_interestadual: '6102',
    origem: 0,
    cst_icms: '00',
    aliquota_icms: '0.18',
    cst_pis: '01',
    cst_cofins: '01',
  };

  beforeAll(async () => {
    conta = await criarConta();
    await criarEmpresa(conta);
  });

  const req = (metodo: string, caminho: string, corpo?: unknown) => requisitar(metodo, caminho, { credencial: conta.producao, corpo });

  it('cadastra e consulta com todos os campos da especificação', async () => {
    const criada = await req('POST', '/nfe/v1/mercadorias', item);
    expect(criada.status).toBe(201);
    const r = await req('GET', '/nfe/v1/mercadorias/CAMISETA-P');
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({
      codigo: 'CAMISETA-P',
      nome: 'Camiseta P',
      ncm: '61091000',
      cfop_interestadual: '6102',
      unidade_comercial: 'UN',
      valor: '49.90',
      padrao: false,
      created_at: expect.stringMatching(/-03:00$/),
      updated_at: expect.stringMatching(/-03:00$/),
      cfop_interno: '5102',
      origem: 0,
      cst_icms: '00',
      aliquota_icms: '0.18',
      aliquota_icms_percent: '18.00',
      cst_pis: '01',
      cst_cofins: '01',
    });
  });

  it('alíquota: fração e percentual derivam de um só valor, e o percentual também é aceito na entrada', async () => {
    const r = await req('POST', '/nfe/v1/mercadorias', { ...item, codigo: 'PCT', aliquota_icms: undefined, aliquota_icms_percent: '4.65' });
    expect(r.status).toBe(201);
    expect(r.corpo.aliquota_icms).toBe('0.0465');
    expect(r.corpo.aliquota_icms_percent).toBe('4.65');
    const conflito = await req('POST', '/nfe/v1/mercadorias', {
      ...item,
      codigo: 'CONFLITO',
      aliquota_icms: '0.18',
      aliquota_icms_percent: '12',
    });
    expect(conflito.status).toBe(422);
    expect(conflito.corpo.params).toHaveProperty('aliquota_icms_percent');
    const percentualComoFracao = await req('POST', '/nfe/v1/mercadorias', { ...item, codigo: 'ERRO', aliquota_icms: '18' });
    expect(percentualComoFracao.status).toBe(422);
    expect(percentualComoFracao.corpo).toEqual({
      error: 'invalid_params',
      params: { aliquota_icms: ['é uma fração (0.18 significa 18%) e não pode passar de 1'] },
    });
    // What the note's pICMS (4 places in the percentage) and its CST lists accept, checked when the item is registered.
    const foraDoLeiaute = await req('POST', '/nfe/v1/mercadorias', {
      ...item,
      codigo: 'ERRO',
      aliquota_icms_percent: '18.12345',
      cst_icms: '99',
      cst_pis: '02',
    });
    expect(foraDoLeiaute.status).toBe(422);
    expect(foraDoLeiaute.corpo.error).toBe('invalid_params');
    expect(Object.keys(foraDoLeiaute.corpo.params).sort()).toEqual(['aliquota_icms_percent', 'cst_icms', 'cst_pis']);
  });

  it('altera só os campos enviados', async () => {
    const r = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', { valor: '59.90', descricao: 'Camiseta algodão' });
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ valor: '59.90', descricao: 'Camiseta algodão', nome: 'Camiseta P', aliquota_icms: '0.18' });
    // The item sent back whole, code included, is accepted; another code is not a rename.
    const inteira = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', {
      ...item,
      codigo: 'CAMISETA-P',
      valor: '59.90',
      descricao: 'Camiseta algodão',
    });
    expect(inteira.status).toBe(200);
    const outro = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', { codigo: 'OUTRO' });
    expect([outro.status, outro.corpo.params]).toEqual([422, { codigo: ['não pode ser alterado (deve ser o código do caminho)'] }]);
  });

  it('código repetido: 422; desconhecido: 404 Mercadoria não encontrada', async () => {
    // "." and ".." would not be addressable in the item's URL.
    for (const codigo of ['.', '..']) expect((await req('POST', '/nfe/v1/mercadorias', { ...item, codigo })).status).toBe(422);
    const repetida = await req('POST', '/nfe/v1/mercadorias', item);
    expect(repetida.status).toBe(422);
    expect(repetida.corpo).toEqual({ error: 'Código de mercadoria já está em uso' });
    for (const [metodo, corpo] of [['GET'], ['PUT', { valor: '1' }], ['DELETE']] as const) {
      const r = await req(metodo, '/nfe/v1/mercadorias/NAO-EXISTE', corpo);
      expect(r.status).toBe(404);
      expect(r.corpo).toEqual({ error: 'Mercadoria não encontrada' });
    }
  });

  it('valida formato: NCM, decimais como texto, CFOP, CSOSN, propriedades desconhecidas', async () => {
    const r = await req('POST', '/nfe/v1/mercadorias', {
      ...item,
      codigo: 'X',
      ncm: '123',
      valor: 10.5,
      cfop_interno: '9999',
      csosn: '999',
      cor: 'azul',
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.corpo.params).sort()).toEqual(['cfop_interno', 'cor', 'csosn', 'ncm', 'valor']);
    expect(r.corpo.params.valor).toEqual(['deve ser um número decimal em texto, como "10.50"']);
  });

  it('na alteração, null num campo que toda mercadoria tem é 422 (não apaga, não é 500); nos opcionais, apaga', async () => {
    const r = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', { unidade_comercial: null, nome: null, valor: null, padrao: null });
    expect(r.status).toBe(422);
    const mensagem = ['não pode ser nulo: omita o campo para manter o valor'];
    expect(r.corpo).toEqual({
      error: 'invalid_params',
      params: { nome: mensagem, unidade_comercial: mensagem, valor: mensagem, padrao: mensagem },
    });
    const limpa = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', { descricao: null, cfop_interestadual: null });
    expect(limpa.status).toBe(200);
    expect(limpa.corpo).not.toHaveProperty('descricao');
    expect(limpa.corpo).not.toHaveProperty('cfop_interestadual');
    expect(limpa.corpo).toMatchObject({ nome: 'Camiseta P', unidade_comercial: 'UN' });
  });

  it('textos que preenchem o item da nota contam como a SEFAZ os recebe: só espaços ou invisíveis são vazios', async () => {
    // uCom, xProd and cProd start at 1 character in the layout; these would be registered and then refuse every note.
    for (const vazio of ['   ', '\u200b', ' \u200e ']) {
      const r = await req('POST', '/nfe/v1/mercadorias', { ...item, codigo: 'VAZIA', unidade_comercial: vazio, nome: vazio });
      expect([r.status, r.corpo.params]).toEqual([
        422,
        { unidade_comercial: ['deve ter no mínimo 1 caracteres'], nome: ['deve ter no mínimo 1 caracteres'] },
      ]);
    }
    const codigo = await req('POST', '/nfe/v1/mercadorias', { ...item, codigo: ' \u200b ' });
    expect([codigo.status, Object.keys(codigo.corpo.params)]).toEqual([422, ['codigo']]);
    const alteracao = await req('PUT', '/nfe/v1/mercadorias/CAMISETA-P', { descricao: '  ' });
    expect([alteracao.status, alteracao.corpo.params]).toEqual([422, { descricao: ['deve ter no mínimo 1 caracteres'] }]);
  });

  it('remove', async () => {
    expect((await req('DELETE', '/nfe/v1/mercadorias/CAMISETA-P')).status).toBe(204);
    expect((await req('GET', '/nfe/v1/mercadorias/CAMISETA-P')).status).toBe(404);
  });
});
