import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An RPS received with IssRetido 1 (the tomador withholds the ISS): read once at reception, it makes the NFS-e's net value. */
export class RpsIssRetido1766800000000 implements MigrationInterface {
  name = 'RpsIssRetido1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE municipal_simulador.lote_rps ADD COLUMN iss_retido boolean NOT NULL DEFAULT false;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE municipal_simulador.lote_rps DROP COLUMN iss_retido;`);
  }
}
