import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The approximate taxes sent with a note ({federal, estadual, municipal} fractions, as sent): the national DPS's pTotTrib (Anexo I E0713). */
export class NfseTributosAproximados1766400000000 implements MigrationInterface {
  name = 'NfseTributosAproximados1766400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfse.notas ADD COLUMN tributos_aproximados jsonb;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfse.notas DROP COLUMN tributos_aproximados;`);
  }
}
