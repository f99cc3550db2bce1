import type { MigrationInterface, QueryRunner } from 'typeorm';
import { esquemaSaida } from './linhas-saida';

/**
 * The outbox column `dados` as `json` (text kept as written) instead of `jsonb`: a row is written once
 * and read once, as text, by the relay; jsonb parsed every 12 KB note into its binary form on the
 * insert and printed it back on the read, for queries nobody makes. Measured on this machine: about
 * 0.15-0.25 ms of PostgreSQL CPU per note (tools/bench/nfe-e2e/README.md). `->`/`->>` still work.
 * Each app with an outbox has one migration built by this function (its own name and schema).
 */
export function migracaoSaidaJson(esquema: string, nome: string): new () => MigrationInterface {
  const esq = esquemaSaida(esquema);
  return class implements MigrationInterface {
    name = nome;

    async up(q: QueryRunner): Promise<void> {
      await q.query(`ALTER TABLE ${esq}.saida ALTER COLUMN dados TYPE json USING dados::json`);
    }

    async down(q: QueryRunner): Promise<void> {
      await q.query(`ALTER TABLE ${esq}.saida ALTER COLUMN dados TYPE jsonb USING dados::jsonb`);
    }
  };
}
