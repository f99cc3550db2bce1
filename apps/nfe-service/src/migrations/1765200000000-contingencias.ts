import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * SVC contingency (decisions §9), shared by every replica: per UF, environment and kind of note
 * (sandbox or not), whether new notes are issued in SVC, since when and why. A note issued in SVC keeps
 * what it was issued under (GET shows it as `contingencia`).
 */
export class Contingencias1765200000000 implements MigrationInterface {
  name = 'Contingencias1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfe.contingencias (
        uf text NOT NULL,
        ambiente smallint NOT NULL,
        sandbox boolean NOT NULL,
        ativa boolean NOT NULL,
        tipo text NOT NULL CHECK (tipo IN ('svc_an', 'svc_rs')),
        autorizador text NOT NULL,
        motivo text,
        inicio timestamptz NOT NULL,
        -- When the authorizer answered again: a late "down" message of the outage before it changes nothing.
        fim timestamptz,
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (uf, ambiente, sandbox)
      );
      ALTER TABLE nfe.notas
        ADD COLUMN contingencia_tipo text CHECK (contingencia_tipo IN ('svc_an', 'svc_rs')),
        ADD COLUMN contingencia_motivo text,
        ADD COLUMN contingencia_inicio timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE nfe.notas DROP COLUMN contingencia_tipo, DROP COLUMN contingencia_motivo, DROP COLUMN contingencia_inicio;
      DROP TABLE nfe.contingencias;
    `);
  }
}
