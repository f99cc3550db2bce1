import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why an authority refused the stored certificate (decisions §11): requisitos_nfe shows it unmet until a new upload. */
export class CertificadoRecusado1765300000000 implements MigrationInterface {
  name = 'CertificadoRecusado1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cadastro.certificados ADD COLUMN recusado_motivo text, ADD COLUMN recusado_em timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cadastro.certificados DROP COLUMN recusado_motivo, DROP COLUMN recusado_em`);
  }
}
