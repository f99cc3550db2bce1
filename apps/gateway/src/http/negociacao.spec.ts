import { aceita } from './negociacao';

describe('negociação de Accept', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['application/json', true],
    ['*/*', true],
    ['application/*', true],
    ['text/html, application/json;q=0.5', true],
    ['Application/JSON; charset=utf-8', true],
    ['text/html', false],
    ['application/xml', false],
    ['application/json;q=0', false],
    ['*/*;q=0, text/html', false],
  ])('Accept %p para JSON: %p', (accept, esperado) => {
    expect(aceita(accept as string | undefined)).toBe(esperado);
  });

  it('rotas de download aceitam também o próprio tipo', () => {
    expect(aceita('application/xml', ['application/json', 'application/xml'])).toBe(true);
    expect(aceita('application/pdf', ['application/json', 'application/pdf'])).toBe(true);
    expect(aceita('application/pdf', ['application/json', 'application/xml'])).toBe(false);
  });
});
