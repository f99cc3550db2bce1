import { carregarConfiguracao, chave256, ErroConfiguracao, inteiro, nomesDns, texto, umDe, url } from './configuracao';

describe('carregarConfiguracao', () => {
  const definicoes = {
    PORT: inteiro({ padrao: 3000, minimo: 1, maximo: 65535 }),
    DATABASE_URL: url({ protocolos: ['postgres'] }),
    ADMIN_TOKEN: texto({ minimo: 16 }),
    MODO: umDe(['a', 'b'] as const, { padrao: 'a' }),
    CHAVE: chave256({ padrao: 'a'.repeat(64) }),
  };

  it('aplica padrões e converte tipos', () => {
    const cfg = carregarConfiguracao('teste', definicoes, { DATABASE_URL: 'postgres://x/y', ADMIN_TOKEN: 'x'.repeat(16) });
    expect(cfg.PORT).toBe(3000);
    expect(cfg.MODO).toBe('a');
    expect(cfg.CHAVE).toHaveLength(32);
  });

  it('nomeia cada variável ausente ou inválida de uma vez', () => {
    let erro: unknown;
    try {
      carregarConfiguracao('teste', definicoes, { PORT: 'abc', DATABASE_URL: 'mysql://x', MODO: 'c', CHAVE: 'curta' });
    } catch (e) {
      erro = e;
    }
    expect(erro).toBeInstanceOf(ErroConfiguracao);
    const { problemas } = erro as ErroConfiguracao;
    expect(problemas).toHaveLength(5);
    expect(problemas.join('\n')).toMatch(/PORT deve ser um número inteiro/);
    expect(problemas.join('\n')).toMatch(/DATABASE_URL deve usar postgres/);
    expect(problemas.join('\n')).toMatch(/ADMIN_TOKEN é obrigatória/);
    expect(problemas.join('\n')).toMatch(/MODO deve ser um de: a, b/);
    expect(problemas.join('\n')).toMatch(/CHAVE deve ter 32 bytes/);
  });

  it('nomesDns: lista separada por vírgulas, vazia por padrão, cada nome validado', () => {
    const d = { NOMES: nomesDns() };
    expect(carregarConfiguracao('teste', d, {}).NOMES).toEqual([]);
    expect(carregarConfiguracao('teste', d, { NOMES: '' }).NOMES).toEqual([]);
    expect(
      carregarConfiguracao('teste', d, { NOMES: ' sefaz-simulator , Sefaz-Simulator.emissor.svc.cluster.local,,sefaz-simulator' }).NOMES,
    ).toEqual(['sefaz-simulator', 'sefaz-simulator.emissor.svc.cluster.local']);
    for (const ruim of ['*.emissor.svc', 'a_b', '-a', 'a..b', 'https://x', `${'a'.repeat(64)}.b`]) {
      expect(() => carregarConfiguracao('teste', d, { NOMES: `ok,${ruim}` })).toThrow(/NOMES deve ser uma lista de nomes DNS/);
    }
  });
});
