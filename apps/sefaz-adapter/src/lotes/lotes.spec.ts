import type { RetornoConsultaRecibo } from '@emissor/fiscal-domain';
import { aguardarRecibo } from './lotes';

/** A clock that advances only when the code waits. */
function relogio() {
  let t = 0;
  const esperas: number[] = [];
  return { agora: () => t, esperar: async (ms: number) => void (esperas.push(ms), (t += ms)), esperas };
}

describe('aguardarRecibo', () => {
  const resposta = (cStat: string): RetornoConsultaRecibo => ({ cStat, xMotivo: '', protocolos: [] });

  it('waits tMed before each consultation while the batch is in processing (105)', async () => {
    const r = relogio();
    const respostas = ['105', '105', '104'];
    const consultas: number[] = [];
    const final = await aguardarRecibo({
      consultar: async () => (consultas.push(r.agora()), resposta(respostas.shift()!)),
      tempoMedioSegundos: 3,
      prazoMs: 60_000,
      ...r,
    });
    expect(final?.cStat).toBe('104');
    expect(consultas).toEqual([3000, 6000, 9000]);
  });

  it('gives up at the deadline without a consultation it would have to wait past it for', async () => {
    const r = relogio();
    let consultas = 0;
    const final = await aguardarRecibo({
      consultar: async () => (consultas++, resposta('105')),
      tempoMedioSegundos: 4,
      prazoMs: 10_000,
      ...r,
    });
    expect(final).toBeNull();
    expect(consultas).toBe(2);
    expect(r.agora()).toBeLessThanOrEqual(10_000);
  });

  it('bounds the wait: at least 0.5 s even when tMed is 0, at most 30 s', async () => {
    const r = relogio();
    await aguardarRecibo({ consultar: async () => resposta('104'), tempoMedioSegundos: 0, prazoMs: 60_000, ...r });
    await aguardarRecibo({ consultar: async () => resposta('104'), tempoMedioSegundos: 120, prazoMs: 60_000, ...r });
    expect(r.esperas).toEqual([500, 30_000]);
  });
});
