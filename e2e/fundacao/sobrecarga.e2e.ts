import { contaComEmpresaApta, notaValida, requisitar, usarSistema } from '../support/api';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../support/sistema-isolado';

/**
 * Admission control (issue 19): past what the gateway serves at once, a request waits in a short
 * line and is otherwise refused at once with 503 + Retry-After, before anything reaches a service.
 * A gateway that serves one request at a time with no line makes the refusal certain under a burst.
 */
describe('sobrecarga: recusa rápida com 503 e Retry-After, sem criar nada', () => {
  let iso: SistemaIsolado;
  let voltar: () => void;

  beforeAll(async () => {
    iso = await iniciarSistemaIsolado({
      prefixo: 'sobrecarga',
      apps: ['gateway', 'nfe-service'],
      env: { REQUISICOES_SIMULTANEAS_MAXIMAS: '1', FILA_MAXIMA: '0' },
    });
    voltar = usarSistema(iso);
  }, 120_000);

  afterAll(async () => {
    voltar?.();
    await iso?.parar();
  });

  it('uma rajada de criações: cada uma é 201 ou 503 com Retry-After; as notas existentes são exatamente as 201', async () => {
    const { conta, cnpj } = await contaComEmpresaApta();
    const notas = Array.from({ length: 24 }, () => notaValida());
    const respostas = await Promise.all(
      notas.map((corpo) => requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo })),
    );

    const criadas = respostas.filter((r) => r.status === 201);
    const recusadas = respostas.filter((r) => r.status === 503);
    expect(criadas.length + recusadas.length).toBe(notas.length);
    expect(criadas.length).toBeGreaterThan(0);
    expect(recusadas.length).toBeGreaterThan(0);
    for (const r of recusadas) {
      expect(r.corpo).toEqual({ error: 'Serviço temporariamente indisponível' });
      expect(Number(r.cabecalhos.get('retry-after'))).toBeGreaterThan(0);
    }

    // Nothing refused was created: the account holds exactly the 201s, and a refused note can be sent again.
    const lista = await requisitar('GET', '/nfe/v1/notas', { credencial: conta.producao, cnpj });
    expect(lista.status).toBe(200);
    expect((lista.corpo as { codigo_externo: string }[]).map((n) => n.codigo_externo).sort()).toEqual(
      criadas.map((r) => r.corpo.codigo_externo).sort(),
    );
    const recusada = notas.find((n) => !criadas.some((r) => r.corpo.codigo_externo === n.codigo_externo))!;
    expect((await requisitar('POST', '/nfe/v1/notas', { credencial: conta.producao, cnpj, corpo: recusada })).status).toBe(201);
  });

  it('credenciais vêm antes: sem elas é 401, nunca 503', async () => {
    const respostas = await Promise.all(Array.from({ length: 10 }, () => requisitar('GET', '/nfe/v1/notas')));
    expect(respostas.map((r) => r.status)).toEqual(Array(10).fill(401));
  });
});
