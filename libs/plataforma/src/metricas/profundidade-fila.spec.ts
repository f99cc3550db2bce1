import { acompanharProfundidadeFila } from './profundidade-fila';
import { registroMetricas } from './registro-metricas';

const valor = async (fila: string) =>
  (await registroMetricas.getSingleMetric('emissor_fila_profundidade')!.get()).values.find((v) => v.labels.fila === fila)?.value;

describe('acompanharProfundidadeFila (emissor_fila_profundidade)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('lê ao começar e a cada intervalo; uma leitura que falha ou não sabe mantém o último valor', async () => {
    const leituras: (number | null | Error)[] = [7, new Error('broker fora'), null, 3];
    let chamadas = 0;
    const acompanhamento = acompanharProfundidadeFila(
      'jetstream',
      'fila-intervalo',
      async () => {
        const l = leituras[chamadas++];
        if (l instanceof Error) throw l;
        return l === undefined ? 0 : l;
      },
      1_000,
    );
    await jest.advanceTimersByTimeAsync(0);
    expect([chamadas, await valor('fila-intervalo')]).toEqual([1, 7]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect([chamadas, await valor('fila-intervalo')]).toEqual([2, 7]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect([chamadas, await valor('fila-intervalo')]).toEqual([3, 7]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect([chamadas, await valor('fila-intervalo')]).toEqual([4, 3]);
    acompanhamento.parar();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(chamadas).toBe(4);
  });

  it('uma leitura que termina depois de parar não grava', async () => {
    let responder: (n: number) => void = () => undefined;
    const acompanhamento = acompanharProfundidadeFila('rabbitmq', 'fila-tardia', () => new Promise<number>((r) => (responder = r)), 1_000);
    acompanhamento.parar();
    responder(42);
    await jest.advanceTimersByTimeAsync(0);
    expect(await valor('fila-tardia')).toBeUndefined();
  });
});
