import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Availability of each authorizer as every replica sees it: after a failure, commands wait for one
 * shared status probe (a lease in `sondando_ate`) instead of each probing, and all go the moment
 * one probe or call succeeds.
 */
export class Autorizadores1765000000000 implements MigrationInterface {
  name = 'Autorizadores1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sefaz.autorizadores (
        destino text PRIMARY KEY,
        disponivel boolean NOT NULL,
        falhas_seguidas int NOT NULL DEFAULT 0,
        proxima_sondagem_em timestamptz NOT NULL DEFAULT now(),
        sondando_ate timestamptz,
        motivo text,
        desde timestamptz NOT NULL DEFAULT now(),
        verificado_em timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE sefaz.autorizadores');
  }
}
