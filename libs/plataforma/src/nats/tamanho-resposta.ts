import type { NatsConnection } from 'nats';

/** Room left in a NATS message for the reply's envelope and headers. */
const ENVELOPE_BYTES = 8 * 1024;
/** The NATS server's default max_payload, for a connection that has not received the server's INFO yet. */
const MAX_PAYLOAD_PADRAO = 1024 * 1024;

/**
 * How many bytes of data one RPC reply may carry: a reply is one NATS message, and past the server's
 * max_payload it is never delivered (the caller would wait for its time-out). Big answers are split or
 * refused by whoever builds them (a page of notes; a DANFE).
 */
export function bytesPorRespostaRpc(nats: Pick<NatsConnection, 'info'>): number {
  return (nats.info?.max_payload ?? MAX_PAYLOAD_PADRAO) - ENVELOPE_BYTES;
}

/**
 * The longest head of `itens` whose JSON fits in `limite` bytes (at least one item, which the caller
 * knows fits alone), and what is left.
 */
export function dividirPorTamanho<T>(itens: readonly T[], limite: number): { cabem: T[]; restantes: T[] } {
  let usados = 1; // the array's two brackets, less the comma the first item does not take
  let i = 0;
  for (; i < itens.length; i++) {
    const bytes = Buffer.byteLength(JSON.stringify(itens[i])) + 1;
    if (i > 0 && usados + bytes > limite) break;
    usados += bytes;
  }
  return { cabem: itens.slice(0, i), restantes: itens.slice(i) };
}
