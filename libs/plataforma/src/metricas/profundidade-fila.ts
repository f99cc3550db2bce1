import { metricas } from './catalogo';

/** How often a consumer reads its queue's depth (one broker request per consumer and replica). */
export const INTERVALO_PROFUNDIDADE_FILA_MS = 15_000;

export interface AcompanhamentoFila {
  /** Reads the depth now (also done every interval). */
  medir(): Promise<void>;
  parar(): void;
}

/**
 * Keeps `emissor_fila_profundidade{sistema, fila}` current for a queue this process consumes: read now
 * and every interval. `ler` answers the messages waiting, or null when it cannot tell (not connected);
 * a reading that fails or cannot tell leaves the last value, and the next one tries again. Replicas of
 * one consumer report the same queue: a dashboard takes their maximum.
 */
export function acompanharProfundidadeFila(
  sistema: 'jetstream' | 'rabbitmq',
  fila: string,
  ler: () => Promise<number | null>,
  intervaloMs = INTERVALO_PROFUNDIDADE_FILA_MS,
): AcompanhamentoFila {
  const gauge = metricas.profundidadeFila();
  let parado = false;
  const medir = async () => {
    try {
      const profundidade = await ler();
      if (!parado && profundidade !== null) gauge.set({ sistema, fila }, profundidade);
    } catch {
      // The broker is away or restarting: the next reading tries again.
    }
  };
  void medir();
  const relogio = setInterval(() => void medir(), intervaloMs).unref();
  return {
    medir,
    parar() {
      parado = true;
      clearInterval(relogio);
    },
  };
}
