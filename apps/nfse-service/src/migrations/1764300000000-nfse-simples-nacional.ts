import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An ME/EPP's Simples Nacional rate sent with a note (fraction, as sent): the national DPS's pTotTribSN (Anexo I E0712). */
export class NfseSimplesNacional1764300000000 implements MigrationInterface {
  name = 'NfseSimplesNacional1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfse.notas ADD COLUMN aliquota_simples_nacional text;`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfse.notas DROP COLUMN aliquota_simples_nacional;`);
  }
}
