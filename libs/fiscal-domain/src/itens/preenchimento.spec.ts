import { preencherItem } from './preenchimento';
import type { ItemNotaEntrada, Mercadoria } from './tipos';
import { normalizarTextoSefaz } from './texto-sefaz';

const mercadoria: Mercadoria = {
  codigo: 'CAM-01',
  nome: 'Camiseta',
  descricao: 'Camiseta de algodão azul',
  ncm: '61091000',
  cest: '2806300',
  cfop_interno: '5102',
  cfop_interestadual: '6102',
  unidade_comercial: 'UN',
  valor: '49.90',
  origem: 0,
  cst_icms: '00',
  csosn: '102',
  aliquota_icms: '0.18',
  aliquota_icms_percent: '18',
  cst_pis: '01',
  cst_cofins: '01',
};

describe('item pre-fill (spec rules 1-3)', () => {
  it('rule 1: with codigo_produto, the goods item fills descricao, ncm, cfop, unidade, valor, CST/CSOSN and the other fiscal fields', () => {
    const item = preencherItem({ quantidade: '2', codigo_produto: 'CAM-01' }, mercadoria);
    expect(item).toEqual({
      quantidade: '2',
      codigo_produto: 'CAM-01',
      codigo: 'CAM-01',
      descricao: 'Camiseta de algodão azul',
      ncm: '61091000',
      cest: '2806300',
      cfop: '5102',
      unidade_comercial: 'UN',
      valor_unitario: '49.90',
      origem: 0,
      cst_icms: '00',
      csosn: '102',
      aliquota_icms: '0.18',
      cst_pis: '01',
      cst_cofins: '01',
    });
  });

  it('aliquota_icms is copied as the fraction it is, not the percentage', () => {
    expect(preencherItem({ quantidade: '1', codigo_produto: 'CAM-01' }, mercadoria).aliquota_icms).toBe('0.18');
  });

  it('picks the interstate CFOP when the recipient is in another state', () => {
    expect(preencherItem({ quantidade: '1', codigo_produto: 'CAM-01' }, mercadoria, 'interestadual').cfop).toBe('6102');
    const soInterno = { ...mercadoria, cfop_interestadual: null };
    expect(preencherItem({ quantidade: '1', codigo_produto: 'CAM-01' }, soInterno, 'interestadual').cfop).toBe('5102');
  });

  it('uses the name when the goods item has no description', () => {
    expect(preencherItem({ quantidade: '1', codigo_produto: 'CAM-01' }, { ...mercadoria, descricao: null }).descricao).toBe('Camiseta');
  });

  it('rule 2: a field sent in the item overrides the pre-filled value', () => {
    const sobrescrito = preencherItem(
      {
        quantidade: '3',
        codigo_produto: 'CAM-01',
        descricao: 'Camiseta promocional',
        valor_unitario: '39.90',
        cfop: '5405',
        aliquota_icms: '0.12',
        origem: 2,
        cst_pis: '49',
      },
      mercadoria,
    );
    expect(sobrescrito).toMatchObject({
      descricao: 'Camiseta promocional',
      valor_unitario: '39.90',
      cfop: '5405',
      aliquota_icms: '0.12',
      origem: 2,
      cst_pis: '49',
      ncm: '61091000',
    });
  });

  it('rule 3: a field sent as null does not clear the pre-filled value; omitting keeps it too', () => {
    const comNulos: ItemNotaEntrada = {
      quantidade: '1',
      codigo_produto: 'CAM-01',
      descricao: null,
      ncm: null,
      valor_unitario: null,
      aliquota_icms: null,
      origem: null,
      cest: null,
    };
    const omitido: ItemNotaEntrada = { quantidade: '1', codigo_produto: 'CAM-01' };
    expect(preencherItem(comNulos, mercadoria)).toEqual(preencherItem(omitido, mercadoria));
    expect(preencherItem(comNulos, mercadoria)).toMatchObject({
      descricao: 'Camiseta de algodão azul',
      ncm: '61091000',
      valor_unitario: '49.90',
      aliquota_icms: '0.18',
      origem: 0,
      cest: '2806300',
    });
  });

  it('without a goods item, the item is what was sent, with nulls dropped', () => {
    const item = preencherItem({ quantidade: '1', descricao: 'Avulso', ncm: null, valor_unitario: '5' }, undefined);
    expect(item).toEqual({ quantidade: '1', descricao: 'Avulso', valor_unitario: '5' });
    expect('ncm' in item).toBe(false);
  });

  it('empty values of the goods item do not pre-fill', () => {
    const item = preencherItem({ quantidade: '1', codigo_produto: 'CAM-01' }, { ...mercadoria, cest: '', csosn: null });
    expect('cest' in item).toBe(false);
    expect('csosn' in item).toBe(false);
  });
});

describe('normalizarTextoSefaz', () => {
  it('keeps Latin-1 text, maps typographic punctuation, drops what SEFAZ refuses, trims and collapses blanks', () => {
    expect(normalizarTextoSefaz('  Açúcar “refinado” – 1kg\n\tpacote… ')).toBe('Açúcar "refinado" - 1kg pacote...');
    expect(normalizarTextoSefaz('Caf\u0065\u0301 ☕ 😀')).toBe('Café');
    expect(normalizarTextoSefaz('a\u0000b\u007Fc\u0085d')).toBe('abcd');
    expect(normalizarTextoSefaz('Ü ÿ ¡ <&>')).toBe('Ü ÿ ¡ <&>');
  });
});
