import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { contextoExecucao } from '@emissor/plataforma';

/** One outbox row: `id` is the JetStream message id and the `event_id`/`comando_id` consumers deduplicate on. */
export interface LinhaSaida {
  id: string;
  assunto: string;
  dados: unknown;
  requestId: string | null;
}

/** An outbox row carrying the current request id (read now: a batch may be written from another context). */
export function linhaSaida(assunto: string, dados: unknown, id: string = randomUUID()): LinhaSaida {
  return { id, assunto, dados, requestId: contextoExecucao.getStore()?.requestId ?? null };
}

/**
 * Writes outbox rows inside the caller's transaction, in one statement: the commands and events
 * exist if and only if the state change that caused them was committed.
 */
export async function gravarSaidas(tx: EntityManager, linhas: LinhaSaida[]): Promise<void> {
  if (!linhas.length) return;
  await tx.query(
    `INSERT INTO nfe.saida (id, assunto, dados, request_id)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::jsonb[], $4::text[])`,
    [linhas.map((l) => l.id), linhas.map((l) => l.assunto), linhas.map((l) => JSON.stringify(l.dados)), linhas.map((l) => l.requestId)],
  );
}

/** Writes one outbox row in the caller's transaction; returns its id. */
export async function gravarSaida(tx: EntityManager, assunto: string, dados: unknown, id: string = randomUUID()): Promise<string> {
  await gravarSaidas(tx, [linhaSaida(assunto, dados, id)]);
  return id;
}

/** Inbox: true the first time a message id is seen in this transaction's commit, false after. */
export async function primeiraVez(tx: EntityManager, idMensagem: string): Promise<boolean> {
  // RETURNING: for an INSERT, TypeORM's query() gives back only the rows (no affected count).
  const inseridas: unknown[] = await tx.query('INSERT INTO nfe.entrada (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id', [idMensagem]);
  return inseridas.length === 1;
}
