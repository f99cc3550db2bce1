import { cnpjAleatorio, type ContaTeste, contaComEmpresaApta, criarConta, criarEmpresa, dadosEmpresa, requisitar } from '../support/api';

describe('empresas e isolamento entre contas', () => {
  let a: ContaTeste;
  let b: ContaTeste;
  let cnpjA1: string;
  let cnpjA2: string;
  let cnpjB: string;

  beforeAll(async () => {
    a = await criarConta('A');
    b = await criarConta('B');
    cnpjA1 = await criarEmpresa(a);
    cnpjA2 = await criarEmpresa(a, { razao_social: 'Segunda Empresa LTDA' });
    cnpjB = await criarEmpresa(b);
    await requisitar('POST', '/nfe/v1/mercadorias', {
      credencial: b.producao,
      corpo: { codigo: 'SEGREDO-B', nome: 'Item de B', ncm: '61091000', unidade_comercial: 'UN', valor: '10' },
    });
  });

  it('lista só as empresas da conta, na ordem de cadastro', async () => {
    const r = await requisitar('GET', '/conta/v1/empresas', { credencial: a.producao });
    expect(r.status).toBe(200);
    expect(r.corpo.map((e: { cnpj: string }) => e.cnpj)).toEqual([cnpjA1, cnpjA2]);
  });

  it('sem X-Empresa-CNPJ usa a primeira empresa; com ele, a escolhida (aceita pontuação)', async () => {
    const padrao = await requisitar('GET', '/nfe/v1/empresa', { credencial: a.producao });
    expect(padrao.corpo.cnpj).toBe(cnpjA1);
    const pontuado = `${cnpjA2.slice(0, 2)}.${cnpjA2.slice(2, 5)}.${cnpjA2.slice(5, 8)}/${cnpjA2.slice(8, 12)}-${cnpjA2.slice(12)}`;
    const escolhida = await requisitar('GET', '/nfe/v1/empresa', { credencial: a.producao, cnpj: pontuado });
    expect(escolhida.status).toBe(200);
    expect(escolhida.corpo.cnpj).toBe(cnpjA2);
  });

  it('X-Empresa-CNPJ vazio é 404, também logo depois de a primeira empresa (apta, guardada pelo gateway) ter sido resolvida sem ele', async () => {
    const { conta, cnpj } = await contaComEmpresaApta();
    for (let i = 0; i < 2; i++) {
      const semCabecalho = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao });
      expect([semCabecalho.status, semCabecalho.corpo.cnpj]).toEqual([200, cnpj]);
      const vazio = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cabecalhos: { 'x-empresa-cnpj': '' } });
      expect([vazio.status, vazio.corpo]).toEqual([404, { error: 'Empresa não encontrada' }]);
    }
  });

  it('a empresa de outra conta é 404 Empresa não encontrada (nunca 403), em todas as rotas', async () => {
    for (const [metodo, caminho, corpo] of [
      ['GET', '/nfe/v1/empresa'],
      ['PATCH', '/nfe/v1/empresa', { nfe_serie_padrao: 5 }],
      ['GET', '/nfe/v1/mercadorias/SEGREDO-B'],
      ['PUT', '/nfe/v1/empresa/certificado', { pfx: 'AAAA', senha: 'x' }],
    ] as const) {
      const r = await requisitar(metodo, caminho, { credencial: a.producao, cnpj: cnpjB, corpo });
      expect({ caminho, status: r.status, corpo: r.corpo }).toEqual({ caminho, status: 404, corpo: { error: 'Empresa não encontrada' } });
    }
  });

  it('as mercadorias de B não aparecem para A, nem pela própria empresa de A', async () => {
    const r = await requisitar('GET', '/nfe/v1/mercadorias/SEGREDO-B', { credencial: a.producao });
    expect(r.status).toBe(404);
    expect(r.corpo).toEqual({ error: 'Mercadoria não encontrada' });
    const deB = await requisitar('GET', '/nfe/v1/mercadorias/SEGREDO-B', { credencial: b.producao });
    expect(deB.status).toBe(200);
  });

  it('a configuração alterada por B não muda a de A', async () => {
    await requisitar('PATCH', '/nfe/v1/empresa', { credencial: b.producao, corpo: { nfe_serie_padrao: 7 } });
    const deA = await requisitar('GET', '/nfe/v1/empresa', { credencial: a.producao });
    expect(deA.corpo.nfe_serie_padrao).toBe(1);
  });

  it('conta sem empresas: 404 Empresa não encontrada nas rotas de empresa', async () => {
    const vazia = await criarConta('Vazia');
    const r = await requisitar('GET', '/nfe/v1/empresa', { credencial: vazia.producao });
    expect(r.status).toBe(404);
    expect(r.corpo).toEqual({ error: 'Empresa não encontrada' });
    const lista = await requisitar('GET', '/conta/v1/empresas', { credencial: vazia.producao });
    expect(lista.corpo).toEqual([]);
  });

  it('o mesmo CNPJ duas vezes na mesma conta: 422', async () => {
    const dados = dadosEmpresa(cnpjAleatorio());
    expect((await requisitar('POST', '/conta/v1/empresas', { credencial: a.producao, corpo: dados })).status).toBe(201);
    const repetida = await requisitar('POST', '/conta/v1/empresas', { credencial: a.producao, corpo: dados });
    expect(repetida.status).toBe(422);
    expect(repetida.corpo).toEqual({ error: 'Empresa já cadastrada nesta conta' });
  });

  it('valida o cadastro da empresa campo a campo', async () => {
    const r = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa('11222333000100', { codigo_municipio: '3304557', regime_tributario: 5, endereco: { uf: 'XX' } }),
    });
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
    expect(Object.keys(r.corpo.params).sort()).toEqual(
      [
        'cnpj',
        'endereco.bairro',
        'endereco.cep',
        'endereco.logradouro',
        'endereco.municipio',
        'endereco.numero',
        'endereco.uf',
        'regime_tributario',
      ].sort(),
    );
    const municipio = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa(undefined, { codigo_municipio: '3304557' }),
    });
    expect(municipio.corpo.params).toEqual({ codigo_municipio: ['não pertence à UF do endereço'] });
    const semDigito = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa(undefined, { codigo_municipio: '3550309' }),
    });
    expect(semDigito.corpo.params).toEqual({
      codigo_municipio: ['não é o código IBGE de um município (a UF ou o dígito verificador não confere)'],
    });
    // The issuer's address and contacts use the recipient's formats (punctuation as written), and its IE may be ISENTO.
    const formatos = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa(undefined, {
        inscricao_estadual: '--',
        telefone: '123',
        email: 'sem-arroba',
        endereco: { ...dadosEmpresa().endereco, cep: '0131-100' },
      }),
    });
    expect([formatos.status, formatos.corpo.params]).toEqual([
      422,
      {
        inscricao_estadual: ['deve ter de 2 a 14 dígitos, ou ISENTO'],
        telefone: ['deve ter de 6 a 14 dígitos, por exemplo "(11) 3333-4444"'],
        email: ['deve ser um e-mail válido'],
        'endereco.cep': ['deve ter 8 dígitos, por exemplo "01310-100"'],
      },
    ]);
    // An IE its state could not have issued (SEFAZ 209): São Paulo's form has two check digits; RJ's example is RJ's.
    for (const inscricao_estadual of ['123456789', '110042490115', '99999993']) {
      const r = await requisitar('POST', '/conta/v1/empresas', {
        credencial: a.producao,
        corpo: dadosEmpresa(undefined, { inscricao_estadual }),
      });
      expect([inscricao_estadual, r.status, r.corpo]).toEqual([
        inscricao_estadual,
        422,
        {
          error: 'invalid_params',
          params: {
            inscricao_estadual: [
              'não é uma inscrição estadual de SP: o formato ou o dígito verificador não confere (a SEFAZ rejeita com 209)',
            ],
          },
        },
      ]);
    }
    const pontuada = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa(undefined, {
        inscricao_estadual: 'ISENTO',
        telefone: '(11) 3333-4444',
        endereco: { ...dadosEmpresa().endereco, cep: '01.310-100' },
      }),
    });
    expect(pontuada.status).toBe(201);
    // ISENTO exactly as the layout writes it: another spelling would be stored as an IE without digits.
    const minusculo = await requisitar('POST', '/conta/v1/empresas', {
      credencial: a.producao,
      corpo: dadosEmpresa(undefined, { inscricao_estadual: 'isento' }),
    });
    expect([minusculo.status, minusculo.corpo.params]).toEqual([422, { inscricao_estadual: ['deve ter de 2 a 14 dígitos, ou ISENTO'] }]);
  });
});
