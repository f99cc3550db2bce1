import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { contextoExecucao } from '@emissor/plataforma';

/**
 * Writes an outbox row inside the caller's transaction: the command or event exists if and only
 * if the state change that caused it was committed. Returns the row id (= JetStream message id,
 * and the `event_id`/`comando_id` consumers deduplicate on).
 */
export async function gravarSaida(tx: EntityManager, assunto: string, dados: unknown, id: string = randomUUID()): Promise<string> {
  await tx.query('INSERT INTO nfe.saida (id, assunto, dados, request_id) VALUES ($1, $2, $3, $4)', [
    id,
    assunto,
    JSON.stringify(dados),
    contextoExecucao.getStore()?.requestId ?? null,
  ]);
  return id;
}

/** Inbox: true the first time a message id is seen in this transaction's commit, false after. */
export async function primeiraVez(tx: EntityManager, idMensagem: string): Promise<boolean> {
  // RETURNING: for an INSERT, TypeORM's query() gives back only the rows (no affected count).
  const inseridas: unknown[] = await tx.query('INSERT INTO nfe.entrada (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id', [idMensagem]);
  return inseridas.length === 1;
}
