import { ANTECIPACAO_MAXIMA_MS } from './topologia';

/**
 * When the next attempt happens after a failure. `etapa` counts the failures of the current cycle
 * (0 after the first attempt failed): the schedule gives one delay per retry, then the delivery fails.
 *
 * Jitter (±10%) spreads retries of many deliveries that failed together (a receiver back from an
 * outage is not hit by every retry in the same second). A Retry-After on 429/503 is honoured as a
 * floor: never earlier than the receiver asked, never faster than our own back-off.
 */
export const JITTER = 0.1;
/** A Retry-After beyond this is capped (a receiver cannot park a delivery past the schedule's span). */
export const RETRY_AFTER_MAXIMO_S = 24 * 60 * 60;

export function esperaAposFalha(
  etapa: number,
  agendaS: readonly number[],
  retryAfterS?: number,
  aleatorio: () => number = Math.random,
): number | null {
  if (etapa >= agendaS.length) return null;
  const base = agendaS[etapa] * 1000;
  let espera = base * (1 - JITTER + 2 * JITTER * aleatorio());
  if (retryAfterS !== undefined) {
    const pedido = Math.min(retryAfterS, RETRY_AFTER_MAXIMO_S) * 1000;
    // Only later, never earlier than asked: the jitter is added on top, and so is the most a job may
    // run before its time (the delay queues' granularity), so the receiver never sees it early.
    espera = Math.max(espera, pedido * (1 + JITTER * aleatorio()) + ANTECIPACAO_MAXIMA_MS);
  }
  return Math.round(espera);
}
