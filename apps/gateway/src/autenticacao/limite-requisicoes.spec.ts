import { LimiteRequisicoes } from './limite-requisicoes';

describe('LimiteRequisicoes', () => {
  it('permite rajada de 2x a taxa, depois pede espera, e recupera com o tempo', () => {
    let t = 0;
    const limite = new LimiteRequisicoes(2, () => t);
    const respostas = Array.from({ length: 5 }, () => limite.consumir('a'));
    expect(respostas).toEqual([0, 0, 0, 0, 1]);
    expect(limite.consumir('b')).toBe(0);
    t = 500;
    expect(limite.consumir('a')).toBe(0);
    expect(limite.consumir('a')).toBe(1);
  });
});
