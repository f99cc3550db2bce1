import { Texto, UUID } from './decoradores';
import { MENSAGEM_CARACTERE_INVALIDO, problemasDaEstrutura } from './validacao.pipe';

describe('problemasDaEstrutura: what is refused before class-validator runs', () => {
  it('a well-formed body has nothing to report, accents, emoji and XML characters included', () => {
    expect(problemasDaEstrutura({ nome: 'Ação 😀 <&>]]>', itens: [{ a: 1, b: [null, true] }] })).toBeNull();
  });

  it('NUL, the other control characters XML cannot hold, U+FFFF and unpaired UTF-16 halves, named by their field path; tab and line breaks pass', () => {
    expect(
      problemasDaEstrutura({
        a: 'x\u0000y',
        itens: [{ descricao: 'ok' }, { descricao: 'a\ud800b' }],
        c: 'b\udc00',
        d: 'Tomador\u0001',
        e: 'fim\u001f',
        f: '\uffff',
      }),
    ).toEqual({
      a: [MENSAGEM_CARACTERE_INVALIDO],
      'itens[1].descricao': [MENSAGEM_CARACTERE_INVALIDO],
      c: [MENSAGEM_CARACTERE_INVALIDO],
      d: [MENSAGEM_CARACTERE_INVALIDO],
      e: [MENSAGEM_CARACTERE_INVALIDO],
      f: [MENSAGEM_CARACTERE_INVALIDO],
    });
    expect(problemasDaEstrutura({ observacoes: 'linha 1\r\nlinha 2\tfim' })).toBeNull();
  });

  it('keys named after Object.prototype members are unknown properties, at any level', () => {
    const corpo = JSON.parse('{"hasOwnProperty":1,"destinatario":{"toString":"x"},"itens":[{"valueOf":"x","constructor":"y"}]}');
    expect(Object.keys(problemasDaEstrutura(corpo)!).sort()).toEqual([
      'destinatario.toString',
      'hasOwnProperty',
      'itens[0].constructor',
      'itens[0].valueOf',
    ]);
  });

  it('nesting past 32 levels is refused without recursion, however deep', () => {
    const fundo = JSON.parse(`{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(problemasDaEstrutura(fundo)).toEqual({ [`x${'[0]'.repeat(31)}`]: ['aninhamento além de 32 níveis'] });
    expect(problemasDaEstrutura({ a: { b: { c: [[{ d: 1 }]] } } })).toBeNull();
  });
});

describe('Texto', () => {
  it('refuses a pattern with flags: OpenAPI documents the pattern without them', () => {
    expect(() => Texto({ padrao: /^[a-f]+$/i })).toThrow(/flags/);
    expect(() => Texto({ padrao: UUID })).not.toThrow();
    expect(UUID.test('0B6F0C64-5B8E-4F3A-9D3E-2A7C1E9B4F10')).toBe(true);
  });
});
