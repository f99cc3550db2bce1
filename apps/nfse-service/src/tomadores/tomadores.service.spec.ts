import { normalizarCnae, normalizarItemLista } from '../catalogo/catalogo.service';
import { normalizarDocumento, semNulos } from './tomadores.service';

describe('how a tomador and a catalog service are found', () => {
  it('one tomador per CPF/CNPJ: compared without punctuation, in upper case (alphanumeric CNPJ)', () => {
    expect(normalizarDocumento('99.888.777/0001-66')).toBe('99888777000166');
    expect(normalizarDocumento('123.456.789-09')).toBe('12345678909');
    expect(normalizarDocumento('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('the catalog is searched by item da lista as written (trimmed) and CNAE as digits', () => {
    expect(normalizarItemLista(' 01.01 ')).toBe('01.01');
    expect(normalizarCnae('6201-5/01')).toBe('6201501');
    expect(normalizarCnae('6201501')).toBe('6201501');
  });

  it('semNulos drops null and undefined, keeps empty strings, zeros and false', () => {
    expect(semNulos({ a: null, b: undefined, c: '', d: 0, e: false })).toEqual({ c: '', d: 0, e: false });
  });
});
