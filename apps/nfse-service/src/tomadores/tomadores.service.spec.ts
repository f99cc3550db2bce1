import { normalizarCnae } from '@emissor/fiscal-domain';
import { normalizarItemLista } from '@emissor/fiscal-domain';

describe('how a tomador and a catalog service are found', () => {
  it('the catalog is searched by item da lista as written (trimmed) and CNAE as digits', () => {
    expect(normalizarItemLista(' 01.01 ')).toBe('01.01');
    expect(normalizarCnae('6201-5/01')).toBe('6201501');
    expect(normalizarCnae('6201501')).toBe('6201501');
  });
});
