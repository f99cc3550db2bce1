import type { EntityManager } from 'typeorm';
import { contextoExecucao } from '@emissor/plataforma';

/**
 * Outbox: a result written in the caller's transaction exists if and only if the change that
 * caused it was committed. Result ids are deterministic (`rps-processado:{nota}`...), so even a
 * second verdict for the same RPS would be dropped downstream (JetStream window, nfse-service inbox).
 */
export async function gravarSaida(tx: EntityManager, id: string, assunto: string, dados: unknown): Promise<void> {
  await tx.query('INSERT INTO municipal.saida (id, assunto, dados, request_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
    id,
    assunto,
    JSON.stringify(dados),
    contextoExecucao.getStore()?.requestId ?? null,
  ]);
}
