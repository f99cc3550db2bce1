import { carregarConfiguracao, chave256, ErroConfiguracao, inteiro, texto, umDe, url } from './configuracao';

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
});
