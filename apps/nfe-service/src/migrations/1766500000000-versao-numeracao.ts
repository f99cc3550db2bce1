import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counter's version: every writer that takes the counter's lock (a batch numbered under it, an
 * inutilização reserving a range) bumps it, and so does the removal of a reserved range. A batch
 * numbered ahead from the counter as this process last saw it (its last number, ranges and version) is
 * written only if the row still holds that last number and that version (emissao-em-lote.ts).
 */
export class VersaoNumeracao1766500000000 implements MigrationInterface {
  name = 'VersaoNumeracao1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.numeracao ADD COLUMN versao bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.numeracao DROP COLUMN versao`);
  }
}
