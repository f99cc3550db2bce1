/**
 * Without a browser on the server (issue 15): everything else works and the DANFE route answers 503
 * with a message that says what is missing, instead of a generic failure.
 */
import { baixar, contaComEmpresaApta, criarNotaAutorizada, notaValida, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';

describe('DANFE sem Chromium no servidor', () => {
  let iso: SistemaIsolado;
  let restaurar: () => void;

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'semnavegador',
      apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
      env: { PUPPETEER_EXECUTABLE_PATH: '/nao/existe/chromium' },
    });
    restaurar = usarSistema(iso);
  }, 300_000);

  afterAll(async () => {
    restaurar?.();
    await iso?.parar();
  });

  it('a nota é autorizada e o DANFE responde 503 dizendo que falta o navegador', async () => {
    const { conta, cnpj } = await contaComEmpresaApta();
    const nota = await criarNotaAutorizada(conta, cnpj, notaValida());
    const r = await baixar(`/nfe/v1/notas/${nota.uuid}/danfe`, { credencial: conta.producao, cnpj });
    expect(r.status).toBe(503);
    expect(r.json).toEqual({
      error: 'DANFE indisponível: o servidor não tem navegador Chromium (instale-o ou defina PUPPETEER_EXECUTABLE_PATH)',
    });
  }, 90_000);
});
