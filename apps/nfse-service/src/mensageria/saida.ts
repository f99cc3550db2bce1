import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { contextoExecucao } from '@emissor/plataforma';

/**
 * Outbox: a command written in the caller's transaction exists if and only if the change that
 * caused it was committed. The row id is the JetStream message id (the adapter deduplicates on it).
 */
export async function gravarSaida(tx: EntityManager, assunto: string, dados: unknown, id: string = randomUUID()): Promise<string> {
  await tx.query('INSERT INTO nfse.saida (id, assunto, dados, request_id) VALUES ($1, $2, $3, $4)', [
    id,
    assunto,
    JSON.stringify(dados),
    contextoExecucao.getStore()?.requestId ?? null,
  ]);
  return id;
}

/** Inbox: true the first time a message id is seen (in this transaction's commit), false after. */
export async function primeiraVez(tx: EntityManager, idMensagem: string): Promise<boolean> {
  // RETURNING: TypeORM gives an INSERT's rows, not its row count.
  const linhas: unknown[] = await tx.query('INSERT INTO nfse.entrada (id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id', [idMensagem]);
  return linhas.length === 1;
}
