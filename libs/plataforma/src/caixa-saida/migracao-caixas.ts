import type { MigrationInterface, QueryRunner } from 'typeorm';
import { esquemaSaida, temCaixaEntrada } from './linhas-saida';

/**
 * The outbox and inbox as the relay now uses them; each app with an outbox has one migration built
 * by this function (its own name and schema):
 * - `saida.dados` as `json` (text kept as written) instead of `jsonb`: a row is written once and read
 *   once, as text, by the relay; jsonb parsed every 12 KB note into its binary form on the insert and
 *   printed it back on the read, for queries nobody makes (`->`/`->>` still work). Measured here:
 *   about 0.15-0.25 ms of PostgreSQL CPU per note (tools/bench/nfe-e2e/README.md).
 * - indexes for the retention purge (retencao.ts): published rows by `publicado_em`, inbox ids by
 *   `processado_em`, so the purge reads only what it deletes. One inbox shape for the shared lib:
 *   nfse's inbox called the column `recebido_em` (`colunaAntigaEntrada`: renamed, and back on down).
 */
export function migracaoCaixas(esquema: string, nome: string, colunaAntigaEntrada?: string): new () => MigrationInterface {
  const esq = esquemaSaida(esquema);
  const colunaEntrada = async (q: QueryRunner, nome: string) =>
    (
      await q.query(`SELECT 1 FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'entrada' AND column_name = $2`, [
        esq,
        nome,
      ])
    ).length > 0;
  return class implements MigrationInterface {
    name = nome;

    async up(q: QueryRunner): Promise<void> {
      await q.query(`ALTER TABLE ${esq}.saida ALTER COLUMN dados TYPE json USING dados::json`);
      await q.query(`CREATE INDEX saida_publicadas ON ${esq}.saida (publicado_em) WHERE publicado_em IS NOT NULL`);
      if (!(await temCaixaEntrada(q, esq))) return;
      if (colunaAntigaEntrada && (await colunaEntrada(q, colunaAntigaEntrada)))
        await q.query(`ALTER TABLE ${esq}.entrada RENAME COLUMN ${colunaAntigaEntrada} TO processado_em`);
      await q.query(`CREATE INDEX entrada_processado_em ON ${esq}.entrada (processado_em)`);
    }

    async down(q: QueryRunner): Promise<void> {
      if (await temCaixaEntrada(q, esq)) {
        await q.query(`DROP INDEX ${esq}.entrada_processado_em`);
        if (colunaAntigaEntrada) await q.query(`ALTER TABLE ${esq}.entrada RENAME COLUMN processado_em TO ${colunaAntigaEntrada}`);
      }
      await q.query(`DROP INDEX ${esq}.saida_publicadas`);
      await q.query(`ALTER TABLE ${esq}.saida ALTER COLUMN dados TYPE jsonb USING dados::jsonb`);
    }
  };
}
