import { migracaoCaixas } from '@emissor/plataforma';
import type { DataSource } from 'typeorm';

/**
 * A schema of a test's own with the outbox and inbox as the apps' first migrations create them (outbox
 * ids uuid, or text as municipal's), then
 * shaped by the shared migration (migracaoCaixas): no relay of the running system touches its rows.
 */
export async function criarEsquemaCaixas(banco: DataSource, esquema: string, tipoId: 'uuid' | 'text' = 'uuid'): Promise<void> {
  await banco.query(`
    CREATE SCHEMA ${esquema};
    CREATE TABLE ${esquema}.saida (id ${tipoId} PRIMARY KEY, assunto text NOT NULL, dados jsonb NOT NULL, request_id text,
      criado_em timestamptz NOT NULL DEFAULT clock_timestamp(), publicado_em timestamptz);
    CREATE INDEX saida_pendentes ON ${esquema}.saida (criado_em) WHERE publicado_em IS NULL;
    CREATE TABLE ${esquema}.entrada (id text PRIMARY KEY, processado_em timestamptz NOT NULL DEFAULT now());
  `);
  const executor = banco.createQueryRunner();
  await new (migracaoCaixas(esquema, 'Caixas1766300000000'))().up(executor);
  await executor.release();
}
