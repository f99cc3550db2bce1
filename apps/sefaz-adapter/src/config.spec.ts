import { ErroConfiguracao } from '@emissor/plataforma';
import { carregarConfigSefazAdapter } from './config';

describe('sefaz-adapter configuration', () => {
  it('defaults to the simulator outside production, with loopback-sized time limits', () => {
    const c = carregarConfigSefazAdapter({});
    expect(c).toMatchObject({
      SEFAZ_MODE: 'simulador',
      SEFAZ_SIMULADOR_URL: 'https://127.0.0.1:3443',
      SEFAZ_TEMPO_LIMITE_MS: 5000,
      SEFAZ_CONCORRENCIA: 128,
      SEFAZ_ENVIOS_SIMULTANEOS: 2,
    });
    expect(c.AC_TESTE_DIR).toMatch(/\.data[\\/]ac-teste$/);
  });

  it('defaults to the real web services in production, with their time limits', () => {
    expect(carregarConfigSefazAdapter({ NODE_ENV: 'production' })).toMatchObject({ SEFAZ_MODE: 'soap', SEFAZ_TEMPO_LIMITE_MS: 30000 });
    expect(carregarConfigSefazAdapter({ NODE_ENV: 'production', SEFAZ_MODE: 'simulador' }).SEFAZ_MODE).toBe('simulador');
  });

  it('names every bad variable', () => {
    expect(() => carregarConfigSefazAdapter({ SEFAZ_MODE: 'real', SEFAZ_SIMULADOR_URL: 'http://x', SEFAZ_TEMPO_LIMITE_MS: '0' })).toThrow(
      ErroConfiguracao,
    );
    try {
      carregarConfigSefazAdapter({ SEFAZ_MODE: 'real', SEFAZ_SIMULADOR_URL: 'http://x', SEFAZ_TEMPO_LIMITE_MS: '0' });
    } catch (e) {
      expect((e as ErroConfiguracao).problemas).toEqual([
        'SEFAZ_MODE deve ser um de: simulador, soap (recebido "real")',
        'SEFAZ_SIMULADOR_URL deve usar https (recebido http:)',
        'SEFAZ_TEMPO_LIMITE_MS deve ser >= 100',
      ]);
    }
  });

  it('SEFAZ_REPLICAS: 1 by default; at most the smallest NT 2018.002 ceiling (a replica must keep at least one call)', () => {
    expect(carregarConfigSefazAdapter({}).SEFAZ_REPLICAS).toBe(1);
    expect(carregarConfigSefazAdapter({ SEFAZ_REPLICAS: '6' }).SEFAZ_REPLICAS).toBe(6);
    const problemas = (valor: string) => {
      try {
        carregarConfigSefazAdapter({ SEFAZ_REPLICAS: valor });
      } catch (e) {
        return (e as ErroConfiguracao).problemas;
      }
      return [];
    };
    expect(['0', '9', 'dois'].map(problemas)).toEqual([
      ['SEFAZ_REPLICAS deve ser >= 1'],
      ['SEFAZ_REPLICAS deve ser <= 8'],
      ['SEFAZ_REPLICAS deve ser um número inteiro (recebido "dois")'],
    ]);
  });
});
