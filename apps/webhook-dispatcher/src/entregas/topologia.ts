/**
 * RabbitMQ topology (names prefixed with NATS_NAMESPACE when set, so isolated systems share a broker):
 *
 *   <p>webhooks.entregas   direct exchange --(entrega)--> <p>webhooks.entregas  queue (work; competing consumers)
 *   <p>webhooks.espera.<n>ms  delay queues for n = 100, 250, 500 ms and 1, 2, 4 ... 131072 s: a fixed
 *                             per-queue TTL, dead-lettered back to the work exchange when it expires.
 *
 * A job waiting D ms goes to the largest delay queue not longer than D; when it comes back early the
 * consumer sends it to the next one (about 20 hops at most for 36 h, a job is never more than 100 ms
 * early). Each delay queue has one TTL, so its
 * messages expire strictly in order: the head-of-line problem of per-message TTLs in one queue (a
 * 24 h message blocking a 1 min one behind it) cannot happen, yet any delay (jitter, Retry-After) is
 * possible.
 */
export const BALDES_ESPERA_MS = [100, 250, 500, ...Array.from({ length: 18 }, (_, i) => 2 ** i * 1000)];
/** Under this, a job is due now. */
export const ANTECIPACAO_MAXIMA_MS = BALDES_ESPERA_MS[0];
export const CHAVE_ENTREGA = 'entrega';

export interface NomesTopologia {
  troca: string;
  fila: string;
  espera: (ms: number) => string;
}

export function nomesTopologia(namespace?: string): NomesTopologia {
  const p = namespace ? `${namespace}.` : '';
  return { troca: `${p}webhooks.entregas`, fila: `${p}webhooks.entregas`, espera: (ms) => `${p}webhooks.espera.${ms}ms` };
}

/** The delay queue (its TTL in ms) for a wait of `restanteMs`, or undefined when due now. */
export function baldePara(restanteMs: number): number | undefined {
  let escolhido: number | undefined;
  for (const b of BALDES_ESPERA_MS) if (b <= restanteMs) escolhido = b;
  return escolhido;
}

/** The message of a job on RabbitMQ: which delivery, which version of it, due when (epoch ms). */
export interface MensagemEntrega {
  /** entrega id */
  e: string;
  /** endpoint id (per-endpoint concurrency is decided before touching the database) */
  p: string;
  /** version: a copy whose version is not the row's is stale and dropped */
  v: number;
  /** due instant, epoch ms */
  d: number;
}

export function lerMensagem(conteudo: Buffer): MensagemEntrega | undefined {
  try {
    const m = JSON.parse(conteudo.toString('utf8'));
    if (typeof m?.e === 'string' && typeof m?.p === 'string' && Number.isInteger(m?.v) && Number.isFinite(m?.d)) return m;
  } catch {
    /* poison message: dropped by the caller */
  }
  return undefined;
}
