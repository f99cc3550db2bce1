import { validarItem, type ContextoItem } from './validar-item';
import type { ItemPreenchido } from './tipos';

const normal: ContextoItem = { crt: 3, destino: 'interna', tipoOperacao: 1 };
const simples: ContextoItem = { crt: 1, destino: 'interna', tipoOperacao: 1 };

const valido: ItemPreenchido = {
  quantidade: '2',
  descricao: 'Produto',
  ncm: '61091000',
  cfop: '5102',
  unidade_comercial: 'UN',
  valor_unitario: '10.00',
  cst_icms: '00',
  aliquota_icms: '0.18',
  // A CEST the ST codes need (SEFAZ 806); harmless on the others.
  cest: '0300100',
};

const erros = (item: Partial<ItemPreenchido>, ctx: ContextoItem = normal, remover: (keyof ItemPreenchido)[] = []) => {
  const i = { ...valido, ...item } as ItemPreenchido;
  for (const k of remover) delete i[k];
  return validarItem(i, 3, ctx);
};

describe('validarItem', () => {
  it('accepts a complete item', () => {
    expect(erros({})).toEqual({});
    expect(erros({ csosn: '102' }, simples, ['cst_icms', 'aliquota_icms'])).toEqual({});
  });

  it.each([
    ['descricao', 'descricao é obrigatório'],
    ['ncm', 'ncm é obrigatório'],
    ['cfop', 'cfop é obrigatório'],
    ['unidade_comercial', 'unidade_comercial é obrigatório'],
    ['valor_unitario', 'valor_unitario é obrigatório'],
  ] as const)('requires %s after pre-fill, keyed by its path', (campo, mensagem) => {
    const e = erros({}, normal, [campo]);
    expect(Object.keys(e)).toEqual([`itens[3].${campo}`]);
    expect(e[`itens[3].${campo}`][0]).toContain(mensagem);
  });

  it('says the goods item did not have it either when codigo_produto was used', () => {
    expect(erros({ codigo_produto: 'X' }, normal, ['ncm'])['itens[3].ncm'][0]).toContain('nem na mercadoria cadastrada');
  });

  it.each([
    [{ quantidade: '1.23456' }, 'itens[3].quantidade', 'no máximo 4 casas decimais'],
    [{ quantidade: 'abc' }, 'itens[3].quantidade', 'número decimal'],
    [{ quantidade: '123456789012' }, 'itens[3].quantidade', '11 dígitos inteiros'],
    [{ valor_unitario: '1.12345678901' }, 'itens[3].valor_unitario', '10 casas decimais'],
    [{ valor_desconto: '1.001' }, 'itens[3].valor_desconto', '2 casas decimais'],
    [{ valor_desconto: '20.01' }, 'itens[3].valor_desconto', 'não pode ser maior que o valor do item (20.00)'],
    [{ ncm: '6109' }, 'itens[3].ncm', '8 dígitos'],
    [{ cest: '12' }, 'itens[3].cest', '7 dígitos'],
    [{ cfop: '4102' }, 'itens[3].cfop', 'começar por 1, 2, 3, 5, 6 ou 7'],
    [{ cfop: '1102' }, 'itens[3].cfop', 'é de entrada, mas a nota é de saída'],
    [{ cfop: '6102' }, 'itens[3].cfop', 'use um CFOP iniciado por 5'],
    [{ origem: 9 }, 'itens[3].origem', 'de 0 a 8'],
    [{ aliquota_icms: '18' }, 'itens[3].aliquota_icms', 'é uma fração (0.18 significa 18%)'],
    [{ aliquota_icms: '0.1234567' }, 'itens[3].aliquota_icms', '6 casas decimais'],
    [{ descricao: 'x'.repeat(121) }, 'itens[3].descricao', 'de 1 a 120 caracteres'],
    [{ unidade_comercial: 'CAIXAS' + 'X' }, 'itens[3].unidade_comercial', 'de 1 a 6 caracteres'],
    [{ cst_icms: '61' }, 'itens[3].cst_icms', 'não é suportado'],
    [{ cst_icms: '10', aliquota_icms_st: '0.18' }, 'itens[3].mva_icms_st', 'mva_icms_st é obrigatória com cst_icms 10'],
    [{ cst_icms: '10', mva_icms_st: '0.40' }, 'itens[3].aliquota_icms_st', 'aliquota_icms_st é obrigatória com cst_icms 10'],
    [{ cst_icms: '20' }, 'itens[3].reducao_base_calculo_icms', 'reducao_base_calculo_icms é obrigatória com cst_icms 20'],
    [{ cst_icms: '70', reducao_base_calculo_icms: '0.1', mva_icms_st: '0.4' }, 'itens[3].aliquota_icms_st', 'obrigatória com cst_icms 70'],
    [{ cst_icms: '30', mva_icms_st: '0.4' }, 'itens[3].aliquota_icms_st', 'obrigatória com cst_icms 30'],
    [{ mva_icms_st: '0.4' }, 'itens[3].mva_icms_st', 'não se aplica com cst_icms 00'],
    [{ reducao_base_calculo_icms: '0.1' }, 'itens[3].reducao_base_calculo_icms', 'não se aplica com cst_icms 00'],
    [{ mva_icms_st: '10' }, 'itens[3].mva_icms_st', 'não pode passar de 9.99'],
    [
      { cst_icms: '10', mva_icms_st: '9', aliquota_icms_st: '0.18', quantidade: '1000', valor_unitario: '9999999999' },
      'itens[3].mva_icms_st',
      'base do ICMS-ST',
    ],
    [{ aliquota_icms_uf_destino: '17' }, 'itens[3].aliquota_icms_uf_destino', 'é uma fração'],
    [{ cst_ibs_cbs: '00' }, 'itens[3].cst_ibs_cbs', '3 dígitos'],
    [
      { cst_ibs_cbs: '200', classificacao_tributaria_ibs_cbs: '200001' },
      'itens[3].classificacao_tributaria_ibs_cbs',
      'não existe na tabela de cClassTrib para NF-e',
    ],
    [{ cst_ibs_cbs: '220', classificacao_tributaria_ibs_cbs: '220001' }, 'itens[3].cst_ibs_cbs', 'não é suportado'],
    [{ cst_ibs_cbs: '410' }, 'itens[3].classificacao_tributaria_ibs_cbs', 'obrigatória com cst_ibs_cbs 410'],
    [{ classificacao_tributaria_ibs_cbs: '000001' }, 'itens[3].cst_ibs_cbs', 'cst_ibs_cbs é obrigatório'],
    [
      { cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '410001' },
      'itens[3].classificacao_tributaria_ibs_cbs',
      'não pertence ao cst_ibs_cbs 000',
    ],
    [{ cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '12345' }, 'itens[3].classificacao_tributaria_ibs_cbs', '6 dígitos'],
    // cClassTrib table (NT 2025.002 UB14-10/25): a code that does not exist, one not for model 55, one needing gEstornoCred.
    [
      { cst_ibs_cbs: '000', classificacao_tributaria_ibs_cbs: '000999' },
      'itens[3].classificacao_tributaria_ibs_cbs',
      'não existe na tabela de cClassTrib para NF-e (modelo 55); com cst_ibs_cbs 000 use 000001, 000003, 000004',
    ],
    [
      { cst_ibs_cbs: '410', classificacao_tributaria_ibs_cbs: '410015' },
      'itens[3].classificacao_tributaria_ibs_cbs',
      'não existe na tabela de cClassTrib para NF-e',
    ],
    [
      { cst_ibs_cbs: '410', classificacao_tributaria_ibs_cbs: '410030' },
      'itens[3].classificacao_tributaria_ibs_cbs',
      'exige o grupo gEstornoCred',
    ],
    [{ cst_ibs_cbs: '400', classificacao_tributaria_ibs_cbs: '400001' }, 'itens[3].cst_ibs_cbs', 'não é suportado'],
    [{ cst_pis: '02' }, 'itens[3].cst_pis', 'não é suportado'],
    [{ cst_cofins: '03' }, 'itens[3].cst_cofins', 'não é suportado'],
    [{ cst_ipi: '77' }, 'itens[3].cst_ipi', 'não existe'],
    [{ cst_ipi: '50' }, 'itens[3].aliquota_ipi', 'obrigatória com cst_ipi 50'],
    [{ aliquota_ipi: '0.05' }, 'itens[3].cst_ipi', 'cst_ipi é obrigatório quando aliquota_ipi'],
    [{ cst_ipi: '53', aliquota_ipi: '0.05' }, 'itens[3].aliquota_ipi', 'não se aplica com cst_ipi 53'],
  ] as [Partial<ItemPreenchido>, string, string][])('rule broken alone: %j -> %s', (alteracao, campo, trecho) => {
    const e = erros(alteracao);
    expect(Object.keys(e)).toEqual([campo]);
    expect(e[campo].join(' ')).toContain(trecho);
  });

  it('interstate operations need 6xxx (saída) or 2xxx (entrada)', () => {
    expect(erros({ cfop: '5102' }, { ...normal, destino: 'interestadual' })['itens[3].cfop'][0]).toContain('use um CFOP iniciado por 6');
    expect(erros({ cfop: '6102' }, { ...normal, destino: 'interestadual' })).toEqual({});
    expect(erros({ cfop: '2102' }, { ...normal, destino: 'interestadual', tipoOperacao: 0 })).toEqual({});
    expect(erros({ cfop: '5102' }, { ...normal, tipoOperacao: 0 })['itens[3].cfop'][0]).toContain('é de saída, mas a nota é de entrada');
  });

  it('CST 00 needs aliquota_icms', () => {
    expect(erros({}, normal, ['aliquota_icms'])['itens[3].aliquota_icms'][0]).toContain('obrigatória com cst_icms 00');
    expect(erros({ cst_icms: '40' }, normal, ['aliquota_icms'])).toEqual({});
  });

  it('CST 51 with a rate would be a partial deferral the API does not write: refused; other codes without a rate take it unused', () => {
    expect(erros({ cst_icms: '51' })['itens[3].aliquota_icms'][0]).toContain('diferimento parcial');
    expect(erros({ cst_icms: '40' })).toEqual({});
    expect(erros({ csosn: '102' }, simples, ['cst_icms'])).toEqual({});
  });

  it('normal regime needs cst_icms; csosn alone is not enough', () => {
    expect(erros({ csosn: '102' }, normal, ['cst_icms'])['itens[3].cst_icms'][0]).toContain('csosn só se aplica ao Simples Nacional');
  });

  it('Simples Nacional and MEI need csosn, default 102 when neither is sent, refuse a lone cst_icms', () => {
    expect(erros({}, simples, ['cst_icms', 'aliquota_icms'])).toEqual({});
    expect(erros({}, simples, ['aliquota_icms'])['itens[3].csosn'][0]).toContain('cst_icms não se aplica');
    expect(erros({ csosn: '999' }, { ...simples, crt: 4 }, ['cst_icms'])['itens[3].csosn'][0]).toContain('não é suportado');
    expect(erros({ csosn: '201', mva_icms_st: '0.3' }, simples, ['cst_icms', 'aliquota_icms'])).toEqual({
      'itens[3].aliquota_icms': ['aliquota_icms é obrigatória com csosn 201: é a alíquota do crédito do Simples Nacional'],
      'itens[3].aliquota_icms_st': ['aliquota_icms_st é obrigatória com csosn 201'],
    });
    expect(erros({ csosn: '202', mva_icms_st: '0.3', aliquota_icms_st: '0.18' }, simples, ['cst_icms'])).toEqual({});
    expect(erros({ csosn: '101' }, simples, ['cst_icms', 'aliquota_icms'])['itens[3].aliquota_icms'][0]).toContain('crédito do Simples');
  });

  it('ICMS-ST needs the CEST (SEFAZ 806): CST 10, 30, 60, 70 and CSOSN 201, 202, 203, 500; not the codes without ST', () => {
    const st = { mva_icms_st: '0.4', aliquota_icms_st: '0.18' };
    for (const [codigo, item, ctx] of [
      ['10', { ...st, cst_icms: '10' }, normal],
      ['30', { ...st, cst_icms: '30' }, normal],
      ['60', { cst_icms: '60' }, normal],
      ['70', { ...st, cst_icms: '70', reducao_base_calculo_icms: '0.1' }, normal],
      ['202', { ...st, csosn: '202', cst_icms: undefined, aliquota_icms: undefined }, simples],
      ['500', { csosn: '500', cst_icms: undefined, aliquota_icms: undefined }, simples],
    ] as [string, Partial<ItemPreenchido>, ContextoItem][]) {
      const e = erros(item, ctx, ['cest']);
      expect([codigo, e]).toEqual([codigo, { 'itens[3].cest': [expect.stringContaining('806')] }]);
      expect(erros(item, ctx)).toEqual({});
    }
    expect(erros({}, normal, ['cest'])).toEqual({});
    expect(erros({ csosn: '102' }, simples, ['cst_icms', 'aliquota_icms', 'cest'])).toEqual({});
  });

  it('a saída to a non-taxpayer takes CSOSN 102, 103, 300, 400 or 500 only (SEFAZ 600); repair and demonstration CFOPs, and entradas, are spared', () => {
    const naoContribuinte: ContextoItem = { ...simples, destinatarioNaoContribuinte: true };
    for (const csosn of ['101', '201', '202', '203', '900']) {
      const item = {
        csosn,
        cst_icms: undefined,
        aliquota_icms: '0.0125',
        mva_icms_st: csosn.startsWith('20') ? '0.4' : undefined,
        aliquota_icms_st: csosn.startsWith('20') ? '0.18' : undefined,
      };
      expect([csosn, erros(item, naoContribuinte)]).toEqual([
        csosn,
        { 'itens[3].csosn': [expect.stringContaining('a SEFAZ rejeita com 600')] },
      ]);
      expect(erros(item, simples)).toEqual({});
      expect(erros({ ...item, cfop: '5915' }, naoContribuinte)).toEqual({});
    }
    for (const csosn of ['102', '103', '300', '400', '500'])
      expect(erros({ csosn, cst_icms: undefined, aliquota_icms: undefined }, naoContribuinte)).toEqual({});
    expect(
      erros({ csosn: '101', cst_icms: undefined, aliquota_icms: '0.0125', cfop: '1202' }, { ...naoContribuinte, tipoOperacao: 0 }),
    ).toEqual({});
  });

  describe('DIFAL due (SP -> BA to a non-taxpayer final consumer)', () => {
    const difal: ContextoItem = { ...normal, destino: 'interestadual', difal: { ufOrigem: 'SP', ufDestino: 'BA' } };
    const inter = { cfop: '6102', aliquota_icms: '0.07' };

    it('the origin ICMS is at the interstate rate: 7 % SP -> BA, 4 % imported; any other is a 422 saying which', () => {
      expect(erros(inter, difal)).toEqual({});
      expect(erros({ ...inter, origem: 1, aliquota_icms: '0.04' }, difal)).toEqual({});
      expect(erros({ ...inter, cst_icms: '20', reducao_base_calculo_icms: '0.1' }, difal)).toEqual({});
      const e = erros({ ...inter, aliquota_icms: '0.18' }, difal);
      expect(Object.keys(e)).toEqual(['itens[3].aliquota_icms']);
      expect(e['itens[3].aliquota_icms'][0]).toContain(
        'aliquota_icms deve ser 0.07 (7%, a alíquota interestadual) em venda de SP para consumidor final não contribuinte em BA',
      );
      expect(erros({ ...inter, origem: 2 }, difal)['itens[3].aliquota_icms'][0]).toContain(
        'deve ser 0.04 (4%, a alíquota interestadual para mercadoria importada (origem 2))',
      );
      expect(erros({ ...inter, cst_icms: '90', aliquota_icms: '0.12' }, difal)).toHaveProperty(['itens[3].aliquota_icms']);
      // The same rate without DIFAL (a taxpayer recipient) is the issuer's business.
      expect(erros({ ...inter, aliquota_icms: '0.12' }, { ...normal, destino: 'interestadual' })).toEqual({});
      // CSOSN 101: aliquota_icms is the Simples credit rate, not the ICMS of the operation.
      expect(erros({ ...inter, csosn: '101', aliquota_icms: '0.0125' }, { ...difal, crt: 1 }, ['cst_icms'])).toEqual({});
    });

    it('ICMS-ST with MVA is refused (ST and DIFAL would both charge the destination), naming the code', () => {
      const st = { ...inter, mva_icms_st: '0.4', aliquota_icms_st: '0.205' };
      for (const cst of ['10', '30', '70']) {
        const e = erros({ ...st, cst_icms: cst, reducao_base_calculo_icms: cst === '70' ? '0.1' : undefined }, difal);
        expect([cst, Object.keys(e)]).toEqual([cst, ['itens[3].cst_icms']]);
        expect(e['itens[3].cst_icms'][0]).toContain(
          `cst_icms ${cst} (com substituição tributária) não se aplica a venda de SP para consumidor final não contribuinte em BA`,
        );
      }
      for (const csosn of ['201', '202', '203']) {
        const e = erros({ ...st, csosn, aliquota_icms: csosn === '201' ? '0.0125' : undefined }, { ...difal, crt: 1 }, ['cst_icms']);
        expect([csosn, Object.keys(e)]).toEqual([csosn, ['itens[3].csosn']]);
        expect(e['itens[3].csosn'][0]).toContain('use csosn 102, 103, 300 ou 400');
      }
      // Interstate ST to a taxpayer stays possible.
      expect(erros({ ...st, cst_icms: '10' }, { ...normal, destino: 'interestadual' })).toEqual({});
    });
  });
});
