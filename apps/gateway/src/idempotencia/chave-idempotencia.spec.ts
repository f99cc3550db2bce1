import { ErroHttp } from '../http/erro-http';
import { impressaoDaRequisicao, lerChaveIdempotencia } from './chave-idempotencia';
import { rotaIdempotente } from './rotas-idempotentes';

describe('Idempotency-Key', () => {
  it('aceita de 1 a 255 caracteres ASCII imprimíveis', () => {
    expect(lerChaveIdempotencia('a')).toBe('a');
    expect(lerChaveIdempotencia('pedido 123/abc:ü'.replace('ü', '~'))).toBe('pedido 123/abc:~');
    expect(lerChaveIdempotencia('x'.repeat(255))).toHaveLength(255);
  });

  it.each([
    ['vazia', ''],
    ['com 256 caracteres', 'x'.repeat(256)],
    ['com TAB', 'com\ttab'],
    ['com acentos', 'acentuação'],
    ['repetida', ['a', 'b']],
  ])('recusa a chave %s com 400 invalid_params nomeando o cabeçalho', (_nome, valor) => {
    try {
      lerChaveIdempotencia(valor as string);
      throw new Error('aceitou');
    } catch (erro) {
      expect(erro).toBeInstanceOf(ErroHttp);
      expect((erro as ErroHttp).getStatus()).toBe(400);
      expect((erro as ErroHttp).corpo).toEqual({ error: 'invalid_params', params: { 'Idempotency-Key': [expect.any(String)] } });
    }
  });

  it('a impressão ignora a ordem das chaves e distingue corpo, caminho e empresa', () => {
    const base = { metodo: 'POST', caminho: '/nfe/v1/notas', empresaId: 'e1' };
    const a = impressaoDaRequisicao({ ...base, corpo: { a: 1, b: { c: [1, 2], d: 'x' } } });
    expect(impressaoDaRequisicao({ ...base, corpo: { b: { d: 'x', c: [1, 2] }, a: 1 } })).toBe(a);
    expect(impressaoDaRequisicao({ ...base, corpo: { a: 1, b: { c: [2, 1], d: 'x' } } })).not.toBe(a);
    expect(impressaoDaRequisicao({ ...base, caminho: '/nfse/v1/notas', corpo: { a: 1, b: { c: [1, 2], d: 'x' } } })).not.toBe(a);
    expect(impressaoDaRequisicao({ ...base, empresaId: 'e2', corpo: { a: 1, b: { c: [1, 2], d: 'x' } } })).not.toBe(a);
  });

  it('as rotas de decisions §11, qualquer que seja o nome do parâmetro', () => {
    expect(rotaIdempotente('POST', '/nfe/v1/notas')).toBe(true);
    expect(rotaIdempotente('POST', '/nfse/v1/notas')).toBe(true);
    expect(rotaIdempotente('POST', '/nfe/v1/inutilizacoes')).toBe(true);
    expect(rotaIdempotente('POST', '/nfe/v1/notas/:id/carta-correcao')).toBe(true);
    expect(rotaIdempotente('GET', '/nfe/v1/notas')).toBe(false);
    expect(rotaIdempotente('POST', '/nfe/v1/notas/:uuid/reemitir')).toBe(false);
    expect(rotaIdempotente('POST', undefined)).toBe(false);
  });
});
