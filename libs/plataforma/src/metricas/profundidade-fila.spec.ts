import { acompanharProfundidadeFila } from './profundidade-fila';
import { registroMetricas } from './registro-metricas';

const valor = async (fila: string) =>
  (await registroMetricas.getSingleMetric('emissor_fila_profundidade')!.get()).values.find((v) => v.labels.fila === fila)?.value;
const esperarTurnos = () => new Promise((r) => setImmediate(r));

describe('acompanharProfundidadeFila (emissor_fila_profundidade)', () => {
  it('lê a profundidade ao começar e a cada intervalo; uma leitura que falha ou não sabe mantém o último valor; parar encerra', async () => {
    const leituras: (number | null | Error)[] = [7, new Error('broker fora'), null, 3];
    let chamadas = 0;
    const acompanhamento = acompanharProfundidadeFila(
      'jetstream',
      'teste-fila',
      async () => {
        const l = leituras[chamadas++];
        if (l instanceof Error) throw l;
        return l ?? null;
      },
      60_000,
    );
    await esperarTurnos();
    expect(await valor('teste-fila')).toBe(7);
    await acompanhamento.medir();
    expect(await valor('teste-fila')).toBe(7);
    await acompanhamento.medir();
    expect(await valor('teste-fila')).toBe(7);
    await acompanhamento.medir();
    expect(await valor('teste-fila')).toBe(3);
    acompanhamento.parar();
    await acompanhamento.medir();
    expect(chamadas).toBe(5);
    expect(await valor('teste-fila')).toBe(3);
  });
});
