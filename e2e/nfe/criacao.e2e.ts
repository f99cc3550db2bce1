import { validarChaveAcesso } from '@emissor/fiscal-domain';
import {
  contaComEmpresaApta,
  type ContaTeste,
  contribuinteRevendedorRj,
  criarConta,
  criarEmpresa,
  enviarCertificado,
  esperarNota,
  notaValida,
  requisitar,
} from '../support/api';
import { errosEsquemaNota } from '../support/esquema-nota';

describe('NF-e: criação', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const criar = (corpo: unknown, credencial = conta.producao) => requisitar('POST', '/nfe/v1/notas', { credencial, cnpj, corpo });

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
  });

  it('201 com a resposta completa da especificação, pendente, chave e número finais', async () => {
    const r = await criar(notaValida({ codigo_externo: 'PRIMEIRA' }));
    expect(r.status).toBe(201);
    expect(errosEsquemaNota(r.corpo)).toEqual([]);
    expect(r.corpo).toMatchObject({
      codigo_externo: 'PRIMEIRA',
      situacao: 'pendente',
      modelo: '55',
      serie: 1,
      numero: 1,
      tipo_operacao: 'saida',
      finalidade: 1,
      totais: { valor_produtos: '99.80', valor_bc_icms: '99.80', valor_icms: '17.96', valor_total: '99.80' },
      itens: [{ numero_item: 1, quantidade: '2.0000', valor_unitario: '49.90', valor_total: '99.80', valor_desconto: '0.00' }],
    });
    const chave: string = r.corpo.chave_acesso;
    expect(validarChaveAcesso(chave)).toBe(true);
    expect(chave.slice(0, 2)).toBe('35');
    expect(chave.slice(6, 20)).toBe(cnpj);
    expect(chave.slice(20, 22)).toBe('55');
    expect(chave.slice(22, 25)).toBe('001');
    expect(chave.slice(25, 34)).toBe('000000001');
    expect(r.corpo.links.xml).toMatch(new RegExp(`/nfe/v1/notas/${r.corpo.uuid}/xml$`));
    const consulta = await requisitar('GET', `/nfe/v1/notas/${r.corpo.uuid}`, { credencial: conta.producao, cnpj });
    expect(consulta.status).toBe(200);
    expect(errosEsquemaNota(consulta.corpo, true)).toEqual([]);
    expect(consulta.corpo.chave_acesso).toBe(chave);
  });

  it('pré-preenchimento pela mercadoria: campo enviado sobrescreve, null não apaga', async () => {
    const m = await requisitar('POST', '/nfe/v1/mercadorias', {
      credencial: conta.producao,
      cnpj,
      corpo: {
        codigo: 'CAT-1',
        nome: 'Caneca',
        descricao: 'Caneca de cerâmica',
        ncm: '69120000',
        unidade_comercial: 'UN',
        valor: '30',
        cfop_interno: '5102',
        cst_icms: '00',
        aliquota_icms: '0.12',
        origem: 0,
      },
    });
    expect(m.status).toBe(201);
    const r = await criar(
      notaValida({
        itens: [
          { codigo_produto: 'CAT-1', quantidade: '3' },
          { codigo_produto: 'CAT-1', quantidade: '1', valor_unitario: '25.50', descricao: null, aliquota_icms: null },
        ],
      }),
    );
    expect(r.status).toBe(201);
    const [a, b] = r.corpo.itens;
    expect(a).toMatchObject({
      descricao: 'Caneca de cerâmica',
      ncm: '69120000',
      cfop: '5102',
      valor_unitario: '30.00',
      valor_total: '90.00',
      aliquota_icms: '0.12',
    });
    expect(b).toMatchObject({ descricao: 'Caneca de cerâmica', valor_unitario: '25.50', valor_total: '25.50', aliquota_icms: '0.12' });
    expect(r.corpo.totais.valor_icms).toBe('13.86'); // 90.00 × 0.12 + 25.50 × 0.12 = 10.80 + 3.06
  });

  it('venda interestadual a contribuinte: a alíquota do catálogo dá lugar à interestadual (SP -> RJ 12 %, importada 4 %); acima dela, 422', async () => {
    const m = await requisitar('POST', '/nfe/v1/mercadorias', {
      credencial: conta.producao,
      cnpj,
      corpo: {
        codigo: 'CAT-UF',
        nome: 'Caneca',
        ncm: '69120000',
        unidade_comercial: 'UN',
        valor: '100.00',
        cfop_interno: '5102',
        cfop_interestadual: '6102',
        cst_icms: '00',
        aliquota_icms: '0.18',
        origem: 0,
      },
    });
    expect(m.status).toBe(201);
    const destinatario = contribuinteRevendedorRj();
    const r = await criar(
      notaValida({
        destinatario,
        itens: [
          { codigo_produto: 'CAT-UF', quantidade: '1' },
          { codigo_produto: 'CAT-UF', quantidade: '1', origem: 1 },
        ],
      }),
    );
    expect(r.status).toBe(201);
    expect(r.corpo.itens.map((i: { cfop: string; aliquota_icms: string }) => [i.cfop, i.aliquota_icms])).toEqual([
      ['6102', '0.12'],
      ['6102', '0.04'],
    ]);
    expect(r.corpo.totais.valor_icms).toBe('16.00'); // 100.00 × 0.12 + 100.00 × 0.04
    const nota = await esperarNota(conta, cnpj, r.corpo.uuid, (n) => n.situacao !== 'pendente' && n.situacao !== 'em_processamento');
    expect(nota.situacao).toBe('autorizada');

    // The rate sent in the item is kept, and judged: 18 % passes the interstate 12 % (SEFAZ would answer 693).
    const acima = await criar(notaValida({ destinatario, itens: [{ codigo_produto: 'CAT-UF', quantidade: '1', aliquota_icms: '0.18' }] }));
    expect(acima.status).toBe(422);
    expect(acima.corpo.params).toEqual({
      'itens[0].aliquota_icms': ['aliquota_icms não pode passar de 0.12 (12%, a alíquota interestadual) em saída de SP para RJ'],
    });
  });

  it('mercadoria desconhecida: 422 Mercadoria não encontrada: {codigo}', async () => {
    const r = await criar(notaValida({ itens: [{ codigo_produto: 'NAO-EXISTE', quantidade: '1' }] }));
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Mercadoria não encontrada: NAO-EXISTE' });
  });

  it('codigo_externo repetido: 422, também com pedidos simultâneos (exatamente um vence)', async () => {
    const dup = notaValida();
    expect((await criar(dup)).status).toBe(201);
    const repetida = await criar(dup);
    expect(repetida.status).toBe(422);
    expect(repetida.corpo).toEqual({ error: 'Código externo já está em uso' });
    const simultaneas = await Promise.all(Array.from({ length: 10 }, () => criar(notaValida({ codigo_externo: 'CORRIDA' }))));
    expect(simultaneas.map((s) => s.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const s of simultaneas.filter((x) => x.status === 422)) expect(s.corpo).toEqual({ error: 'Código externo já está em uso' });
  });

  it('validação do corpo: campos desconhecidos em cada nível, obrigatórios, padrões', async () => {
    const corpo = notaValida({ extra: 1 }) as any;
    corpo.destinatario.apelido = 'x';
    corpo.destinatario.endereco.pais = 'BR';
    corpo.itens[0].cor = 'azul';
    corpo.itens.push({ codigo_produto: 'CAT-1' });
    corpo.itens.push({ quantidade: '-1', valor_unitario: '1,50' });
    const r = await criar(corpo);
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
    expect(Object.keys(r.corpo.params).sort()).toEqual(
      [
        'destinatario.apelido',
        'destinatario.endereco.pais',
        'extra',
        'itens[0].cor',
        'itens[1].quantidade',
        'itens[2].quantidade',
        'itens[2].valor_unitario',
      ].sort(),
    );
    const vazia = await criar(notaValida({ itens: [], codigo_externo: '' }));
    expect(vazia.corpo.params).toEqual({ itens: ['deve ter pelo menos 1 elemento'], codigo_externo: ['não pode ser vazio'] });
    const intermediador = await criar(notaValida({ intermediador: { cnpj: '11222333000181', identificador_cadastro: 'x' } }));
    expect(intermediador.corpo.params).toEqual({
      indicador_presenca: ['é obrigatório quando intermediador é informado'],
      'intermediador.identificador_cadastro': ['deve ter no mínimo 2 caracteres'],
    });
  });

  it('obrigatórios condicionais e limites do leiaute são invalid_params, sem consumir número', async () => {
    const marketplace = { cnpj: '11222333000181', identificador_cadastro: 'loja-x' };
    const casos: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { intermediador: marketplace, indicador_presenca: 0 },
        { indicador_presenca: ['deve ser um dos valores: 1, 2, 3, 4, 9 quando intermediador é informado'] },
      ],
      [
        { pagamentos: [{ forma_pagamento: '99', valor: '99.80' }] },
        { 'pagamentos[0].descricao': ['é obrigatória quando forma_pagamento é 99 (outros)'] },
      ],
      [
        { pagamentos: [{ forma_pagamento: '99', valor: '99.80', descricao: null }] },
        { 'pagamentos[0].descricao': ['é obrigatória quando forma_pagamento é 99 (outros)'] },
      ],
      // A payment names its form and value, always (form 90 with a zero value): missing either is a required field.
      [{ pagamentos: [{ forma_pagamento: '01' }] }, { 'pagamentos[0].valor': ['é obrigatório'] }],
      [{ pagamentos: [{ valor: '99.80' }] }, { 'pagamentos[0].forma_pagamento': ['é obrigatório'] }],
      [
        { pagamentos: [{ forma_pagamento: '03', valor: '99.80', cartao: { bandeira: '01' } }] },
        { 'pagamentos[0].cartao.tipo_integracao': ['é obrigatório'] },
      ],
      // The NF-e layout's minimum lengths (xBairro, xNome of the recipient: 2), counted as SEFAZ receives the text (decisions §2: length).
      [
        {
          destinatario: {
            ...notaValida().destinatario,
            razao_social: ' A ',
            endereco: { ...notaValida().destinatario.endereco, bairro: 'C' },
          },
        },
        {
          'destinatario.razao_social': ['deve ter no mínimo 2 caracteres'],
          'destinatario.endereco.bairro': ['deve ter no mínimo 2 caracteres'],
        },
      ],
    ];
    for (const [campos, params] of casos) {
      const r = await criar(notaValida(campos));
      expect({ status: r.status, corpo: r.corpo }).toEqual({ status: 422, corpo: { error: 'invalid_params', params } });
    }
    const item = (campos: Record<string, unknown>) => notaValida({ itens: [{ ...notaValida().itens[0], ...campos }] });
    const grande = await criar(item({ quantidade: '123456789012', valor_unitario: '000000000001.12345678901' }));
    expect(grande.status).toBe(422);
    expect(grande.corpo).toEqual({
      error: 'invalid_params',
      params: {
        'itens[0].quantidade': ['aceita no máximo 11 dígitos inteiros'],
        'itens[0].valor_unitario': ['aceita no máximo 10 casas decimais'],
      },
    });
    // The layout's limits themselves are accepted: 11 integer digits (zeros in front do not count), 4 and 10 places.
    const limite = await criar(item({ quantidade: '099999999999.5', valor_unitario: '0.0100000001' }));
    expect(limite.status).toBe(201);
    const semIntermediador = await criar(notaValida({ indicador_presenca: 0 }));
    expect(semIntermediador.status).toBe(201);
    expect(semIntermediador.corpo.numero).toBe(limite.corpo.numero + 1);
  });

  it('formatos de documento, endereço, contato e códigos do item (destinatário, intermediador, pagamento, item) são invalid_params, sem consumir número', async () => {
    const antes = await criar(notaValida());
    expect(antes.status).toBe(201);
    const base = notaValida().destinatario;
    const destinatario = (campos: Record<string, unknown>, endereco: Record<string, unknown> = {}) => ({
      destinatario: { ...base, ...campos, endereco: { ...base.endereco, ...endereco } },
    });
    const casos: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        destinatario({ cpf_cnpj: '123.456.789-00', email: 'sem-arroba', telefone: '123' }, { cep: '0131-100', uf: 'XX' }),
        {
          'destinatario.cpf_cnpj': ['não é um CPF (11 dígitos) ou CNPJ (14 caracteres) válido'],
          'destinatario.email': ['deve ser um e-mail válido'],
          'destinatario.telefone': ['deve ter de 6 a 14 dígitos, por exemplo "(11) 3333-4444"'],
          'destinatario.endereco.cep': ['deve ter 8 dígitos, por exemplo "01310-100"'],
          'destinatario.endereco.uf': ['deve ser a sigla de um estado brasileiro, por exemplo "SP"'],
        },
      ],
      [
        destinatario({ cpf_cnpj: '1122233300018' }),
        { 'destinatario.cpf_cnpj': ['não é um CPF (11 dígitos) ou CNPJ (14 caracteres) válido'] },
      ],
      [
        // SEFAZ cStat 274 / 275: IBGE's check digit (3550308 is São Paulo), and a code of the address's state.
        destinatario({ codigo_municipio: '3550307' }),
        { 'destinatario.codigo_municipio': ['não é o código IBGE de um município (a UF ou o dígito verificador não confere)'] },
      ],
      [destinatario({ codigo_municipio: '3304557' }, { uf: 'SP' }), { 'destinatario.codigo_municipio': ['não pertence à UF do endereço'] }],
      [
        // Optional in the body only for a recipient in the company's municipality (São Paulo): the NF-e's cMun is a code.
        destinatario({}, { municipio: 'Campinas' }),
        {
          'destinatario.codigo_municipio': [
            'é obrigatório quando o endereço é em outro município que o da empresa: informe o código IBGE de 7 dígitos (a NF-e e o DPS identificam o município só por ele)',
          ],
        },
      ],
      [
        destinatario({ indicador_ie: 1 }),
        { 'destinatario.inscricao_estadual': ['é obrigatória quando indicador_ie é 1 (contribuinte do ICMS)'] },
      ],
      [
        destinatario({ indicador_ie: 1, inscricao_estadual: '' }),
        { 'destinatario.inscricao_estadual': ['é obrigatória quando indicador_ie é 1 (contribuinte do ICMS)'] },
      ],
      [
        destinatario({ indicador_ie: 1, inscricao_estadual: '12A456' }),
        { 'destinatario.inscricao_estadual': ['deve ter de 2 a 14 dígitos'] },
      ],
      [
        // SEFAZ 210: the recipient's IE must be one of its address's state (110.042.490.114 is São Paulo's).
        destinatario(
          { indicador_ie: 1, inscricao_estadual: '110.042.490.114', codigo_municipio: '3304557' },
          { uf: 'RJ', municipio: 'Rio de Janeiro' },
        ),
        {
          'destinatario.inscricao_estadual': [
            'não é uma inscrição estadual de RJ: o formato ou o dígito verificador não confere (a SEFAZ rejeita com 210)',
          ],
        },
      ],
      [
        { intermediador: { cnpj: '11222333000182', identificador_cadastro: 'loja-x' }, indicador_presenca: 2 },
        { 'intermediador.cnpj': ['não é um CNPJ válido (dígitos verificadores não conferem)'] },
      ],
      [
        { pagamentos: [{ forma_pagamento: '01', valor: '99.80', cnpj_transacional: '11222333000182', uf_transacional: 'ZZ' }] },
        {
          'pagamentos[0].cnpj_transacional': ['não é um CNPJ válido (dígitos verificadores não conferem)'],
          'pagamentos[0].uf_transacional': ['deve ser a sigla de um estado brasileiro, por exemplo "SP"'],
        },
      ],
      [
        // Money is TDec_1302: 2 places (decisions §2: a decimal pattern is invalid_params).
        {
          itens: [{ ...notaValida().itens[0], valor_desconto: '1.005' }],
          pagamentos: [{ forma_pagamento: '01', valor: '100.001' }],
          troco: '0.005',
        },
        {
          'itens[0].valor_desconto': ['aceita no máximo 2 casas decimais'],
          'pagamentos[0].valor': ['aceita no máximo 2 casas decimais'],
          troco: ['aceita no máximo 2 casas decimais'],
        },
      ],
      [
        { itens: [{ ...notaValida().itens[0], ncm: '6109100', cest: '12345', cfop: '4102', cst_pis: '1' }] },
        {
          'itens[0].ncm': ['deve ter 8 dígitos'],
          'itens[0].cest': ['deve ter 7 dígitos'],
          'itens[0].cfop': ['deve ser um CFOP de 4 dígitos iniciado por 1, 2, 3, 5, 6 ou 7'],
          'itens[0].cst_pis': [
            'não é suportado (as CSTs 02 e 03 exigem alíquota diferenciada ou por quantidade); use 01, 04 a 09, 49 a 56, 60 a 67, 70 a 75, 98 ou 99',
          ],
        },
      ],
      [
        // Closed lists (decisions §2: enum) and rates out of their form: the domain's lists and limits, checked at the door.
        {
          itens: [
            { ...notaValida().itens[0], cst_icms: '99', cst_ipi: '77', cst_ibs_cbs: '220', aliquota_icms: '18', mva_icms_st: '0.1234567' },
          ],
          pagamentos: [{ forma_pagamento: '01', valor: '99.80', data: '2026-02-30' }],
        },
        {
          'itens[0].cst_icms': ['não é suportado; use 00, 10, 20, 30, 40, 41, 50, 51, 60, 70, 90'],
          'itens[0].cst_ipi': ['não existe; use 00, 01, 02, 03, 04, 05, 49, 50, 51, 52, 53, 54, 55, 99'],
          'itens[0].cst_ibs_cbs': [
            'não é suportado (exige dados que a API não recebe, como diferimento, monofasia ou transferência de crédito); use 000, 200, 410',
          ],
          'itens[0].aliquota_icms': ['é uma fração (0.18 significa 18%) e não pode passar de 1'],
          'itens[0].mva_icms_st': ['aceita no máximo 6 casas decimais (4 casas no percentual)'],
          'pagamentos[0].data': ['deve ser uma data válida no formato AAAA-MM-DD'],
        },
      ],
    ];
    for (const [campos, params] of casos) {
      const r = await criar(notaValida(campos));
      expect({ status: r.status, corpo: r.corpo }).toEqual({ status: 422, corpo: { error: 'invalid_params', params } });
    }
    // Punctuated forms are accepted as they are written: CNPJ, CEP, IE and telephone.
    const pontuada = await criar(
      notaValida(
        destinatario(
          { cpf_cnpj: '11.222.333/0001-81', indicador_ie: 1, inscricao_estadual: '110.042.490.114', telefone: '(11) 98888-7777' },
          { cep: '01.310-100' },
        ),
      ),
    );
    expect(pontuada.status).toBe(201);
    expect(pontuada.corpo.numero).toBe(antes.corpo.numero + 1);
  });

  it('regras de pagamento violadas: 422 com a mensagem e o campo', async () => {
    const r = await criar(notaValida({ pagamentos: [{ forma_pagamento: '01', valor: '10.00' }] }));
    expect(r.status).toBe(422);
    expect(typeof r.corpo.error).toBe('string');
    expect(r.corpo.error).not.toBe('invalid_params');
    expect(Object.keys(r.corpo.params)).toEqual(expect.arrayContaining([expect.stringMatching(/^pagamentos/)]));
    const cartao = await criar(notaValida({ pagamentos: [{ forma_pagamento: '03', valor: '99.80' }] }));
    expect(cartao.status).toBe(422);
    expect(Object.keys(cartao.corpo.params)[0]).toMatch(/^pagamentos\[0\]/);
    const ok = await criar(notaValida({ pagamentos: [{ forma_pagamento: '01', valor: '100.00' }], troco: '0.20' }));
    expect(ok.status).toBe(201);
    expect(ok.corpo.pagamentos).toEqual([{ forma_pagamento: '01', valor: '100.00' }]);
    expect(ok.corpo.troco).toBe('0.20');
  });

  it('empresa não apta: 422 e nenhum número consumido', async () => {
    const outra = await criarConta();
    const semCertificado = await criarEmpresa(outra);
    const r = await requisitar('POST', '/nfe/v1/notas', { credencial: outra.producao, cnpj: semCertificado, corpo: notaValida() });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'Empresa não está apta a emitir NF-e' });
    expect((await enviarCertificado(outra, semCertificado)).status).toBe(200);
    const primeira = await requisitar('POST', '/nfe/v1/notas', { credencial: outra.producao, cnpj: semCertificado, corpo: notaValida() });
    expect(primeira.status).toBe(201);
    expect(primeira.corpo.numero).toBe(1);
  });

  it('credencial sandbox: numeração própria, e as notas de uma credencial não aparecem para a outra', async () => {
    const sandbox = await criar(notaValida(), conta.sandbox);
    expect(sandbox.status).toBe(201);
    expect(sandbox.corpo.numero).toBe(1);
    const deProducao = await requisitar('GET', `/nfe/v1/notas/${sandbox.corpo.uuid}`, { credencial: conta.producao, cnpj });
    expect(deProducao.status).toBe(404);
    const deSandbox = await requisitar('GET', `/nfe/v1/notas/${sandbox.corpo.uuid}`, { credencial: conta.sandbox, cnpj });
    expect(deSandbox.status).toBe(200);
  });

  it('série padrão da empresa e série enviada numeram separadamente', async () => {
    const s7 = await criar(notaValida({ serie: 7 }));
    expect(s7.corpo).toMatchObject({ serie: 7, numero: 1 });
    expect(s7.corpo.chave_acesso.slice(22, 25)).toBe('007');
    // 890 and above are the Fisco's (avulsa) and contingency series, as for the company's default series.
    const itensObjeto = await criar(notaValida({ itens: { 0: notaValida().itens[0] } }));
    expect(itensObjeto.corpo.params).toEqual({ itens: ['deve ser uma lista'] });
    const reservada = await criar(notaValida({ serie: 890 }));
    expect([reservada.status, reservada.corpo.params]).toEqual([422, { serie: ['deve ser menor ou igual a 889'] }]);
  });

  it('data_saida em ISO 8601: com offset, em UTC (Z) ou com frações de segundo; mostrada no fuso da empresa', async () => {
    // A day within SEFAZ's 30-day window around today's emission (504/505 below).
    const dia = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const [enviada, mostrada] of [
      [`${dia}T13:00:00Z`, `${dia}T10:00:00-03:00`],
      [`${dia}T10:00:00.500-03:00`, `${dia}T10:00:00-03:00`],
      [`${dia}T12:00:00+00:00`, `${dia}T09:00:00-03:00`],
    ]) {
      const r = await criar(notaValida({ data_saida: enviada }));
      expect([r.status, r.corpo.data_saida]).toEqual([201, mostrada]);
    }
    const ruim = await criar(notaValida({ data_saida: '23/11/2026 10:00' }));
    expect([ruim.status, Object.keys(ruim.corpo.params ?? {})]).toEqual([422, ['data_saida']]);
    for (const fora of ['1900-01-01', '2026-02-30', '2100-01-01T00:00:00-03:00']) {
      const r = await criar(notaValida({ data_saida: fora }));
      expect([r.status, r.corpo.params]).toEqual([422, { data_saida: ['deve ser uma data válida entre 2000 e 2099'] }]);
    }
    // A saída dated today (São Paulo's day) leaves at the emission's moment, not at midnight before its note (SEFAZ 506);
    // the day before is refused.
    const hojeSp = (dias = 0) => new Date(Date.now() - 3 * 3_600_000 + dias * 86_400_000).toISOString().slice(0, 10);
    const hoje = await criar(notaValida({ data_saida: hojeSp() }));
    expect([hoje.status, hoje.corpo.data_saida]).toEqual([201, hoje.corpo.data_emissao]);
    const ontem = await criar(notaValida({ data_saida: hojeSp(-1) }));
    expect([ontem.status, Object.keys(ontem.corpo.params ?? {})]).toEqual([422, ['data_saida']]);
    expect(ontem.corpo.params.data_saida[0]).toContain('506');
    // SEFAZ's window (MOC 4.00 B10): at most 30 days after (504) or before (505) the emission; a saída
    // that far back is told 506's rule first, since no earlier day is accepted for it.
    const depois = await criar(notaValida({ data_saida: '2099-12-31' }));
    expect([depois.status, depois.corpo.params]).toEqual([
      422,
      { data_saida: ['data_saida deve ser no máximo 30 dias depois da emissão (a SEFAZ rejeita com 504)'] },
    ]);
    for (const tipo_operacao of [0, 1]) {
      const r = await criar(
        notaValida({
          data_saida: '2020-01-01',
          tipo_operacao,
          itens: [{ ...notaValida().itens[0], cfop: tipo_operacao ? '5102' : '1102' }],
        }),
      );
      const antes = 'data_saida deve ser no máximo 30 dias antes da emissão (a SEFAZ rejeita com 505)';
      expect([r.status, r.corpo.params]).toEqual([
        422,
        { data_saida: tipo_operacao ? [ontem.corpo.params.data_saida[0], antes] : [antes] },
      ]);
    }
  });

  /** A valid body whose signed NF-e is over SEFAZ's 500 KB message limit: 990 items with long descriptions. */
  const notaGrandeDemais = (serie: number) =>
    notaValida({
      serie,
      itens: Array.from({ length: 990 }, (_, i) => ({
        ...notaValida().itens[0],
        codigo: `P${i}`,
        descricao: `Produto ${i} `.padEnd(120, 'x'),
      })),
    });

  it('nota que não cabe numa mensagem da SEFAZ (500 KB): 422 antes de numerar, nenhum número consumido', async () => {
    const antes = await criar(notaValida({ serie: 11 }));
    const grande = await criar(notaGrandeDemais(11));
    expect(grande.status).toBe(422);
    expect(grande.corpo.error).toMatch(/^A NF-e assinada teria \d+ KB e a SEFAZ aceita mensagens de até 500 KB/);
    expect((await criar(notaValida({ serie: 11 }))).corpo.numero).toBe(antes.corpo.numero + 1);
  });

  it('a nota recusada no meio de criações simultâneas da mesma série não deixa buraco: as outras ficam com números seguidos', async () => {
    const antes = await criar(notaValida({ serie: 12 }));
    const grande = notaGrandeDemais(12);
    // Sent together, they share the counter's batches: the large one is numbered, refused and its number given on.
    const respostas = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => criar(i === 2 ? grande : notaValida({ serie: 12 }))));
    expect(respostas.map((r) => r.status)).toEqual([201, 201, 422, 201, 201, 201]);
    const numeros = respostas.filter((r) => r.status === 201).map((r) => r.corpo.numero as number);
    expect(numeros.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5].map((n) => antes.corpo.numero + n));
    expect((await criar(notaValida({ serie: 12 }))).corpo.numero).toBe(antes.corpo.numero + 6);
  });

  it('outra conta nunca vê a nota: 404', async () => {
    const r = await criar(notaValida());
    const outra = await criarConta();
    await criarEmpresa(outra);
    const vista = await requisitar('GET', `/nfe/v1/notas/${r.corpo.uuid}`, { credencial: outra.producao });
    expect(vista.status).toBe(404);
    expect(vista.corpo).toEqual({ error: 'Nota de produto não encontrada' });
  });
});

describe('NF-e: consulta, listagem, downloads e cancelamento fora de hora', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const uuids: string[] = [];

  beforeAll(async () => {
    ({ conta, cnpj } = await contaComEmpresaApta());
    for (let i = 0; i < 5; i++) {
      const r = await requisitar('POST', '/nfe/v1/notas', {
        credencial: conta.producao,
        cnpj,
        corpo: notaValida({ codigo_externo: `LISTA-${i}` }),
      });
      uuids.push(r.corpo.uuid);
    }
  });

  it('lista mais recentes primeiro, com paginação e X-Total-Count', async () => {
    const p1 = await requisitar('GET', '/nfe/v1/notas?per_page=2', { credencial: conta.producao, cnpj });
    expect(p1.status).toBe(200);
    expect(p1.cabecalhos.get('x-total-count')).toBe('5');
    expect(p1.corpo.map((n: { codigo_externo: string }) => n.codigo_externo)).toEqual(['LISTA-4', 'LISTA-3']);
    const p3 = await requisitar('GET', '/nfe/v1/notas?per_page=2&page=3', { credencial: conta.producao, cnpj });
    expect(p3.corpo.map((n: { codigo_externo: string }) => n.codigo_externo)).toEqual(['LISTA-0']);
    for (const n of p1.corpo) expect(errosEsquemaNota(n, true)).toEqual([]);
    const filtrada = await requisitar('GET', '/nfe/v1/notas?codigo_externo=LISTA-2', { credencial: conta.producao, cnpj });
    expect(filtrada.corpo).toHaveLength(1);
    expect(filtrada.cabecalhos.get('x-total-count')).toBe('1');
  });

  it('uma página maior que uma mensagem do NATS (1 MiB) vem inteira: oito notas de 350 itens longos, na ordem, com X-Total-Count', async () => {
    const outra = await contaComEmpresaApta();
    const itens = Array.from({ length: 350 }, (_, i) => ({
      ...notaValida().itens[0],
      codigo: `L${i}`,
      descricao: `Produto ${i} `.padEnd(120, 'x'),
    }));
    const uuids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await requisitar('POST', '/nfe/v1/notas', {
        credencial: outra.conta.producao,
        cnpj: outra.cnpj,
        corpo: notaValida({ codigo_externo: `PAGINA-GRANDE-${i}`, itens }),
      });
      expect(r.status).toBe(201);
      uuids.unshift(r.corpo.uuid);
    }
    const pagina = await requisitar('GET', '/nfe/v1/notas?per_page=10', { credencial: outra.conta.producao, cnpj: outra.cnpj });
    expect(pagina.status).toBe(200);
    expect(pagina.texto.length).toBeGreaterThan(1024 * 1024);
    expect(pagina.cabecalhos.get('x-total-count')).toBe('8');
    expect(pagina.corpo.map((n: { uuid: string }) => n.uuid)).toEqual(uuids);
    expect(pagina.corpo.every((n: { itens: unknown[] }) => n.itens.length === 350)).toBe(true);
    // Page 2 of 4 per page: the four oldest, whole.
    const segunda = await requisitar('GET', '/nfe/v1/notas?per_page=4&page=2', { credencial: outra.conta.producao, cnpj: outra.cnpj });
    expect(segunda.corpo.map((n: { uuid: string }) => n.uuid)).toEqual(uuids.slice(4));
  });

  it('notas criadas ao mesmo tempo (um lote de numeração, um só criado_em) vêm da maior para a menor', async () => {
    const outra = await contaComEmpresaApta();
    const criadas = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        requisitar('POST', '/nfe/v1/notas', {
          credencial: outra.conta.producao,
          cnpj: outra.cnpj,
          corpo: notaValida({ codigo_externo: `LOTE-${i}` }),
        }),
      ),
    );
    expect(criadas.map((r) => r.status)).toEqual(Array(16).fill(201));
    const lista = await requisitar('GET', '/nfe/v1/notas?per_page=20', { credencial: outra.conta.producao, cnpj: outra.cnpj });
    const numeros: number[] = lista.corpo.map((n: { numero: number }) => n.numero);
    expect(numeros).toEqual([...numeros].sort((a, b) => b - a));
    expect(numeros).toHaveLength(16);
  });

  it('parâmetros de listagem inválidos: 400 invalid_params', async () => {
    const r = await requisitar('GET', '/nfe/v1/notas?page=0&per_page=101&situacao=perdida&outro=1', { credencial: conta.producao, cnpj });
    expect(r.status).toBe(400);
    expect(r.corpo.error).toBe('invalid_params');
    expect(Object.keys(r.corpo.params).sort()).toEqual(['outro', 'page', 'per_page', 'situacao']);
    // A page past what the list can address is named with the bounds, not as "below 1".
    const alem = await requisitar('GET', '/nfe/v1/notas?page=2147483648', { credencial: conta.producao, cnpj });
    expect([alem.status, alem.corpo]).toEqual([
      400,
      { error: 'invalid_params', params: { page: ['deve ser um inteiro de 1 a 999999999'] } },
    ]);
  });

  it('uuid inválido: 400; desconhecido: 404 Nota de produto não encontrada', async () => {
    const invalido = await requisitar('GET', '/nfe/v1/notas/123', { credencial: conta.producao, cnpj });
    expect(invalido.status).toBe(400);
    expect(invalido.corpo.params).toEqual({ uuid: ['deve ser um UUID'] });
    const desconhecido = await requisitar('GET', '/nfe/v1/notas/00000000-0000-4000-8000-000000000000', {
      credencial: conta.producao,
      cnpj,
    });
    expect(desconhecido.status).toBe(404);
    expect(desconhecido.corpo).toEqual({ error: 'Nota de produto não encontrada' });
  });

  it('cancelar exige justificativa de 15 a 255 caracteres (400) e nota autorizada (422)', async () => {
    const curta = await requisitar('DELETE', `/nfe/v1/notas/${uuids[0]}/cancel?justificativa=curta`, { credencial: conta.producao, cnpj });
    expect(curta.status).toBe(400);
    expect(curta.corpo.params).toEqual({ justificativa: ['deve ter no mínimo 15 caracteres'] });
    // Counted as SEFAZ receives it: spaces at the ends and repeated ones do not count.
    const espacos = await requisitar(
      'DELETE',
      `/nfe/v1/notas/${uuids[0]}/cancel?justificativa=${encodeURIComponent('a' + ' '.repeat(14))}`,
      { credencial: conta.producao, cnpj },
    );
    expect(espacos.status).toBe(400);
    expect(espacos.corpo.params).toEqual({ justificativa: ['deve ter no mínimo 15 caracteres'] });
    for (const [caminho, corpo] of [
      [
        '/nfe/v1/inutilizacoes',
        { serie: 1, numero_inicial: 900, numero_final: 900, justificativa: `  curta   demais   ${' '.repeat(10)}` },
      ],
      [`/nfe/v1/notas/${uuids[0]}/inutilizar`, { justificativa: 'a' + ' '.repeat(14) }],
    ] as const) {
      const r = await requisitar('POST', caminho, { credencial: conta.producao, cnpj, corpo });
      expect([r.status, r.corpo]).toEqual([
        422,
        { error: 'invalid_params', params: { justificativa: ['deve ter no mínimo 15 caracteres'] } },
      ]);
    }
    // A note that will never be authorized (the simulator's NCM 00000000: rejected, 778), once SEFAZ has answered:
    // the check before was a race with the verdict (a note authorized between the GET and the DELETE is cancellable).
    const rejeitavel = await requisitar('POST', '/nfe/v1/notas', {
      credencial: conta.producao,
      cnpj,
      corpo: notaValida({ itens: [{ ...notaValida().itens[0], ncm: '00000000' }] }),
    });
    await esperarNota(conta, cnpj, rejeitavel.corpo.uuid, (n) => n.situacao === 'rejeitada');
    const naoAutorizada = await requisitar(
      'DELETE',
      `/nfe/v1/notas/${rejeitavel.corpo.uuid}/cancel?justificativa=${encodeURIComponent('Pedido cancelado pelo cliente')}`,
      { credencial: conta.producao, cnpj },
    );
    expect(naoAutorizada.status).toBe(422);
    const desconhecida = await requisitar(
      'DELETE',
      `/nfe/v1/notas/00000000-0000-4000-8000-000000000000/cancel?justificativa=${encodeURIComponent('Pedido cancelado pelo cliente')}`,
      {
        credencial: conta.producao,
        cnpj,
      },
    );
    expect(desconhecida.status).toBe(404);
    expect(desconhecida.corpo).toEqual({ error: 'Nota de produto não encontrada' });
  });

  it('inutilização com numero_final menor que numero_inicial: 422 com a mensagem da especificação', async () => {
    const r = await requisitar('POST', '/nfe/v1/inutilizacoes', {
      credencial: conta.producao,
      cnpj,
      corpo: { serie: 1, numero_inicial: 10, numero_final: 5, justificativa: 'Falha no sistema de numeração' },
    });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({ error: 'numero_final deve ser maior ou igual a numero_inicial' });
  });
});
