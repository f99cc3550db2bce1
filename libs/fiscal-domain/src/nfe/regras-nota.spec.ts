import { codigoMunicipioDaParte } from '../empresa';
import type { Mercadoria } from '../itens';
import { avaliarNota, calcularNota, dataHoraSaida, preencherNota, presencaEfetiva, validarNota } from './regras-nota';
import { CPF_CLIENTE, empresaExemplo, itemExemplo, notaExemplo } from './__fixtures__/exemplos';
import type { NotaEntrada, NotaPreenchida } from './tipos';

const empresa = empresaExemplo();
const preenchida = (n: NotaEntrada, buscar: (c: string) => Mercadoria | undefined = () => undefined): NotaPreenchida =>
  preencherNota(n, empresa, buscar).nota;
const erros = (extra: Partial<NotaEntrada> = {}) => validarNota(preenchida(notaExemplo(2, extra)), empresa);
const comDestinatario = (d: Partial<NotaEntrada['destinatario']>, endereco: Partial<NotaEntrada['destinatario']['endereco']> = {}) => {
  const base = notaExemplo(1).destinatario;
  return erros({ destinatario: { ...base, ...d, endereco: { ...base.endereco, ...endereco } } });
};

describe('preencherNota', () => {
  const mercadoria: Mercadoria = {
    codigo: 'M1',
    nome: 'Mercadoria',
    ncm: '61091000',
    cfop_interno: '5102',
    cfop_interestadual: '6102',
    unidade_comercial: 'UN',
    valor: '12.50',
    cst_icms: '00',
    aliquota_icms: '0.18',
  };

  it('fills from the goods items and lists the codes it does not know (the service answers 422 for them)', () => {
    const nota = notaExemplo(0, {
      itens: [
        { quantidade: '1', codigo_produto: 'M1' },
        { quantidade: '2', codigo_produto: 'NAO-EXISTE' },
      ],
    });
    const r = preencherNota(nota, empresa, (c) => (c === 'M1' ? mercadoria : undefined));
    expect(r.codigosNaoEncontrados).toEqual(['NAO-EXISTE']);
    expect(r.nota.itens[0]).toMatchObject({ cfop: '5102', valor_unitario: '12.50', descricao: 'Mercadoria' });
  });

  it('uses the interstate CFOP for a recipient in another state', () => {
    const base = notaExemplo(0);
    const nota = {
      ...base,
      destinatario: {
        ...base.destinatario,
        inscricao_estadual: '99999993', // an IE of RJ (SEFAZ 210 for another state's)
        codigo_municipio: '3304557',
        endereco: { ...base.destinatario.endereco, uf: 'RJ', municipio: 'Rio de Janeiro' },
      },
      itens: [{ quantidade: '1', codigo_produto: 'M1' }],
    };
    const r = preencherNota(nota, empresa, () => mercadoria);
    expect(r.nota.itens[0].cfop).toBe('6102');
    // The catalog's 18 % is its internal rate: SP -> RJ is taxed at the 12 % interstate rate.
    expect(r.nota.itens[0].aliquota_icms).toBe('0.12');
    expect(validarNota(r.nota, empresa)).toEqual({});
  });

  it('a goods item whose code has no ICMS rate (CST 40, 51) fills in none: the note would drop it unseen', () => {
    for (const cst_icms of ['40', '51']) {
      const semAliquota: Mercadoria = { ...mercadoria, cst_icms };
      const r = preencherNota(notaExemplo(0, { itens: [{ quantidade: '1', codigo_produto: 'M1' }] }), empresa, () => semAliquota);
      expect([cst_icms, r.nota.itens[0].aliquota_icms, validarNota(r.nota, empresa)]).toEqual([cst_icms, undefined, {}]);
    }
    // Sent in the item with CST 51, it is the integrator's partial deferral, which the API cannot write: refused.
    const enviada = preencherNota(
      notaExemplo(0, { itens: [{ quantidade: '1', codigo_produto: 'M1', aliquota_icms: '0.18' }] }),
      empresa,
      () => ({ ...mercadoria, cst_icms: '51' }),
    );
    expect(Object.keys(validarNota(enviada.nota, empresa))).toEqual(['itens[0].aliquota_icms']);
  });

  describe("interstate saída: the catalog rate gives way to the route's, a rate the item sends stays", () => {
    const paraRj = (item: NotaEntrada['itens'][number], extra: Partial<NotaEntrada> = {}) => {
      const base = notaExemplo(0);
      return {
        ...base,
        ...extra,
        destinatario: {
          ...base.destinatario,
          inscricao_estadual: '99999993',
          codigo_municipio: '3304557',
          endereco: { ...base.destinatario.endereco, uf: 'RJ', municipio: 'Rio de Janeiro' },
        },
        itens: [item],
      } as NotaEntrada;
    };
    const aliquota = (n: NotaEntrada, m: Mercadoria = mercadoria, e = empresa) => preencherNota(n, e, () => m).nota.itens[0].aliquota_icms;

    it('national goods 12 %, imported 4 % (Resoluções do Senado 22/1989, 13/2012)', () => {
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }))).toBe('0.12');
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }), { ...mercadoria, origem: 1 })).toBe('0.04');
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1', aliquota_icms: '0.07' }))).toBe('0.07');
    });

    it('not in a devolução or an entrada (their rate follows the operation they refer to), nor for the Simples credit rate', () => {
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }, { finalidade: 4 }))).toBe('0.18');
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }, { tipo_operacao: 0 }))).toBe('0.18');
      const simples = empresaExemplo({ regime_tributario: 1 });
      const credito: Mercadoria = { ...mercadoria, cst_icms: null, csosn: '101', aliquota_icms: '0.0256' };
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }), credito, simples)).toBe('0.0256');
      expect(aliquota(paraRj({ quantidade: '1', codigo_produto: 'M1' }), { ...credito, csosn: '900' }, simples)).toBe('0.12');
    });
  });
});

describe('validarNota: the interstate ceiling of the own ICMS rate (SEFAZ 663 / 693)', () => {
  const paraRj = (item: Partial<NotaEntrada['itens'][number]>, extra: Partial<NotaEntrada> = {}) => {
    const base = notaExemplo(1);
    return validarNota(
      preenchida({
        ...base,
        ...extra,
        destinatario: {
          ...base.destinatario,
          cpf_cnpj: '11222333000181',
          indicador_ie: 1,
          inscricao_estadual: '99999993',
          codigo_municipio: '3304557',
          endereco: { ...base.destinatario.endereco, uf: 'RJ', municipio: 'Rio de Janeiro' },
        },
        itens: [{ ...base.itens[0], cfop: '6102', ...item }],
      }),
      empresa,
    );
  };

  it("refuses a rate above the route's, names the rate; a lower one is the issuer's to justify", () => {
    expect(paraRj({ aliquota_icms: '0.12' })).toEqual({});
    expect(paraRj({ aliquota_icms: '0.07' })).toEqual({});
    expect(paraRj({ aliquota_icms: '0.18' })).toEqual({
      'itens[0].aliquota_icms': ['aliquota_icms não pode passar de 0.12 (12%, a alíquota interestadual) em saída de SP para RJ'],
    });
    expect(paraRj({ aliquota_icms: '0.12', origem: 1 })).toEqual({
      'itens[0].aliquota_icms': [
        'aliquota_icms não pode passar de 0.04 (4%, a alíquota interestadual para mercadoria importada (origem 1)) em saída de SP para RJ',
      ],
    });
  });

  it('spares the return CFOPs, devoluções and entradas', () => {
    expect(paraRj({ aliquota_icms: '0.18', cfop: '6916' })).toEqual({});
    expect(paraRj({ aliquota_icms: '0.18', cfop: '6202' }, { finalidade: 4, documentos_referenciados: [] })).not.toHaveProperty(
      'itens[0].aliquota_icms',
    );
    expect(paraRj({ aliquota_icms: '0.18', cfop: '2102' }, { tipo_operacao: 0 })).not.toHaveProperty('itens[0].aliquota_icms');
  });
});

describe('validarNota', () => {
  it('accepts the sample note', () => {
    expect(erros()).toEqual({});
  });

  it('items each within 13 integer digits whose sum is not: 422 on itens, before the schema would refuse the total', () => {
    const grande = { ...notaExemplo(2).itens[0], quantidade: '100', valor_unitario: '99999999999.9999', valor_desconto: null };
    expect(erros({ itens: [grande] }).itens).toBeUndefined();
    expect(erros({ itens: [grande, { ...grande, codigo: 'OUTRO' }] }).itens).toEqual([
      'a soma dos itens (vProd da NF-e) passa do máximo de 13 dígitos inteiros que o leiaute aceita',
    ]);
  });

  it('a note that carries IBS/CBS past the dated table (2027 on) is refused, not issued at 2026 rates; one that carries none is not', () => {
    const em2027 = new Date('2027-01-04T15:00:00Z');
    const normal = validarNota(preenchida(notaExemplo(2)), empresa, em2027);
    expect(normal.itens).toEqual([expect.stringContaining('as alíquotas de IBS/CBS em vigor em 2027-01-04 não estão na tabela')]);
    expect(validarNota(preenchida(notaExemplo(2)), empresa, new Date('2026-12-31T15:00:00Z'))).toEqual({});
    const simples = { ...empresa, regime_tributario: 1 as const };
    const semIbsCbs = notaExemplo(2, { itens: notaExemplo(2).itens.map(({ cst_icms: _, ...i }) => ({ ...i, csosn: '102' })) });
    expect(validarNota(preencherNota(semIbsCbs, simples, () => undefined).nota, simples, em2027)).toEqual({});
  });

  it('data_saida within 30 days of the emission either way (MOC 4.00 B10: SEFAZ 504 after, 505 before); a saída not before its note (506)', () => {
    const emissao = new Date('2026-11-26T15:00:00Z'); // 12:00 in São Paulo
    const com = (data_saida: string, tipo_operacao: 0 | 1 = 1) =>
      validarNota(preenchida(notaExemplo(2, { data_saida, tipo_operacao })), empresa, emissao).data_saida;
    const depois = ['data_saida deve ser no máximo 30 dias depois da emissão (a SEFAZ rejeita com 504)'];
    const antes = ['data_saida deve ser no máximo 30 dias antes da emissão (a SEFAZ rejeita com 505)'];
    const anterior = [
      'data_saida não pode ser anterior ao dia da emissão numa nota de saída (a SEFAZ rejeita com 506); no próprio dia, a saída é a hora da emissão',
    ];
    expect(com('2026-12-26T12:00:00-03:00')).toBeUndefined();
    expect(com('2026-12-26T12:00:01-03:00')).toEqual(depois);
    expect(com('2099-12-31')).toEqual(depois);
    expect(com('2026-10-27T12:00:00-03:00', 0)).toBeUndefined(); // an entrada may have come in before
    expect(com('2026-10-27T11:59:59-03:00', 0)).toEqual(antes);
    expect(com('2020-01-01', 0)).toEqual(antes);
    // A saída more than 30 days before: SEFAZ's 505, but the rule to follow is 506's (no earlier day at all).
    expect(com('2020-01-01')).toEqual([...anterior, ...antes]);
    // A saída: the emission's own day (a date alone, or an earlier hour) is the emission's moment; the day before is 506.
    expect(com('2026-11-26')).toBeUndefined();
    expect(com('2026-11-26T08:00:00-03:00')).toBeUndefined();
    expect(com('2026-11-25T23:59:59-03:00')).toEqual(anterior);
    expect(com('2026-11-25', 0)).toBeUndefined();
  });

  it('dataHoraSaida: the dhSaiEnt the note carries', () => {
    const emissao = new Date('2026-11-26T15:00:00Z');
    const saida = (data_saida: string, tipo_operacao: 0 | 1 = 1) =>
      dataHoraSaida({ data_saida, tipo_operacao }, emissao, 'SP')?.toISOString();
    expect(saida('2026-11-26')).toBe('2026-11-26T15:00:00.000Z');
    expect(saida('2026-11-26', 0)).toBe('2026-11-26T03:00:00.000Z');
    expect(saida('2026-11-27')).toBe('2026-11-27T03:00:00.000Z');
    expect(saida('2026-11-26T13:30:00-03:00')).toBe('2026-11-26T16:30:00.000Z');
    expect(dataHoraSaida({ data_saida: null }, emissao, 'SP')).toBeNull();
  });

  it.each([
    [{ natureza_operacao: '' }, 'natureza_operacao', 'de 1 a 60 caracteres'],
    [{ natureza_operacao: 'x'.repeat(61) }, 'natureza_operacao', 'de 1 a 60 caracteres'],
    [{ serie: 1000 }, 'serie', 'de 0 a 999'],
    [{ tipo_operacao: 2 }, 'tipo_operacao', '0 (entrada) ou 1 (saída)'],
    [{ finalidade: 5 }, 'finalidade', '1 (normal), 2 (complementar), 3 (ajuste) ou 4 (devolução)'],
    [{ data_saida: '22/11/2026' }, 'data_saida', 'AAAA-MM-DD'],
    [{ informacoes_complementares: 'x'.repeat(5001) }, 'informacoes_complementares', 'de 1 a 5000'],
    [{ itens: [] }, 'itens', 'ao menos 1 item'],
    [{ indicador_presenca: 7 }, 'indicador_presenca', '0, 1, 2, 3, 4, 5 ou 9'],
    [
      { intermediador: { cnpj: '00000000000191', identificador_cadastro: 'vendedor' } },
      'indicador_presenca',
      'obrigatório quando intermediador',
    ],
    [{ pagamentos: [{ forma_pagamento: '01', valor: '1.00' }] }, 'pagamentos', 'a soma dos valores de pagamentos'],
  ] as [Partial<NotaEntrada>, string, string][])('header rule broken alone: %j', (extra, campo, trecho) => {
    const e = erros(extra);
    expect(Object.keys(e)).toEqual([campo]);
    expect(e[campo][0]).toContain(trecho);
  });

  it('limits a note to 990 items', () => {
    const e = validarNota(preenchida(notaExemplo(991)), empresa);
    expect(e.itens).toEqual(['itens aceita no máximo 990 itens por nota']);
  });

  it('avaliarNota: the same errors, and the values calcularNota gives, computed once (none while an item is invalid)', () => {
    const dia = new Date('2026-11-26T12:00:00Z');
    const valida = preenchida(notaExemplo(3, { pagamentos: [{ forma_pagamento: '01', valor: '1.00' }] }));
    const avaliada = avaliarNota(valida, empresa, dia);
    expect(avaliada.erros).toEqual(validarNota(valida, empresa, dia));
    expect(Object.keys(avaliada.erros)).toEqual(['pagamentos']);
    expect(avaliada.calculo).toEqual(calcularNota(valida, empresa, dia));
    const n = notaExemplo(3);
    n.itens[2] = itemExemplo(3, { ncm: '123' });
    expect(avaliarNota(preenchida(n), empresa, dia)).toEqual({ erros: { 'itens[2].ncm': ['ncm deve ter 8 dígitos'] }, calculo: null });
  });

  it('reports item errors by path and skips payment checks until the items are valid', () => {
    const n = notaExemplo(3, { pagamentos: [{ forma_pagamento: '01', valor: '1.00' }] });
    n.itens[2] = itemExemplo(3, { ncm: '123' });
    const e = validarNota(preenchida(n), empresa);
    expect(e).toEqual({ 'itens[2].ncm': ['ncm deve ter 8 dígitos'] });
  });

  it.each([
    [{ razao_social: 'X' }, {}, 'destinatario.razao_social', 'de 2 a 60'],
    [{ cpf_cnpj: '00000000000192' }, {}, 'destinatario.cpf_cnpj', 'CPF (11 dígitos) ou CNPJ (14 caracteres) válido'],
    [{ cpf_cnpj: '123' }, {}, 'destinatario.cpf_cnpj', 'CPF (11 dígitos) ou CNPJ'],
    [{ indicador_ie: 3 }, {}, 'destinatario.indicador_ie', '1 (contribuinte), 2 (contribuinte isento) ou 9'],
    [{ inscricao_estadual: null }, {}, 'destinatario.inscricao_estadual', 'obrigatória quando indicador_ie é 1'],
    [{ inscricao_estadual: '1' }, {}, 'destinatario.inscricao_estadual', 'de 2 a 14 dígitos'],
    [{ inscricao_estadual: '110042490115' }, {}, 'destinatario.inscricao_estadual', 'não é uma inscrição estadual de SP'],
    [{ email: 'sem-arroba' }, {}, 'destinatario.email', 'e-mail válido'],
    [{ telefone: '123' }, {}, 'destinatario.telefone', 'de 6 a 14 dígitos'],
    [{}, { cep: '123' }, 'destinatario.endereco.cep', '8 dígitos'],
    [{}, { logradouro: 'R' }, 'destinatario.endereco.logradouro', 'de 2 a 60'],
    [{}, { bairro: '' }, 'destinatario.endereco.bairro', 'de 2 a 60'],
    [{}, { uf: 'XX' }, 'destinatario.endereco.uf', 'sigla de um estado'],
    [{}, { municipio: 'Campinas' }, 'destinatario.codigo_municipio', 'obrigatório quando o endereço é em outro município'],
    [{ codigo_municipio: '3304557' }, {}, 'destinatario.codigo_municipio', 'não é de um município de SP (deve começar por 35)'],
    [{ codigo_municipio: '35' }, {}, 'destinatario.codigo_municipio', '7 dígitos'],
  ] as [Partial<NotaEntrada['destinatario']>, Partial<NotaEntrada['destinatario']['endereco']>, string, string][])(
    'recipient rule broken alone: %j %j',
    (d, endereco, campo, trecho) => {
      const e = comDestinatario(d, endereco);
      expect(Object.keys(e)).toEqual([campo]);
      expect(e[campo][0]).toContain(trecho);
    },
  );

  it('a non-taxpayer recipient is an end consumer', () => {
    const e = comDestinatario({ cpf_cnpj: CPF_CLIENTE, indicador_ie: 9, inscricao_estadual: null });
    expect(e).toEqual({});
    const n = notaExemplo(1, { indicador_consumidor_final: false });
    n.destinatario = { ...n.destinatario, cpf_cnpj: CPF_CLIENTE, indicador_ie: 9, inscricao_estadual: null };
    expect(validarNota(preenchida(n), empresa)).toEqual({
      indicador_consumidor_final: [
        'indicador_consumidor_final deve ser verdadeiro quando o destinatário não é contribuinte (indicador_ie 9)',
      ],
    });
  });

  it('accepts an alphanumeric CNPJ recipient', () => {
    expect(comDestinatario({ cpf_cnpj: '12.ABC.345/01DE-35' })).toEqual({});
  });
});

describe('helpers', () => {
  it('takes the issuer municipality code for a recipient in the same town, whatever the accents and case', () => {
    const d = { ...notaExemplo(1).destinatario, endereco: { ...notaExemplo(1).destinatario.endereco, municipio: 'SAO PAULO' } };
    expect(codigoMunicipioDaParte(empresa.endereco, d)).toBe('3550308');
  });

  it('presence defaults to 9, or 0 for complementary/adjustment notes', () => {
    expect(presencaEfetiva({})).toBe(9);
    expect(presencaEfetiva({ finalidade: 2 })).toBe(0);
    expect(presencaEfetiva({ indicador_presenca: 1 })).toBe(1);
  });

  it('calcularNota returns the items and the 14 totals', () => {
    const c = calcularNota(preenchida(notaExemplo(2)), empresa);
    expect(c.itens).toHaveLength(2);
    expect(Object.keys(c.totais)).toHaveLength(14);
  });
});
