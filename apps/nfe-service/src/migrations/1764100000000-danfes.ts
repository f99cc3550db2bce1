import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rendered DANFEs, kept after the first render. One row per (note, variant): the authorized print
 * and, once the note is cancelled, the print with the CANCELADA stamp (which replaces the other).
 * `versao_layout` lets a layout change render stored notes again on their next download.
 */
export class Danfes1764100000000 implements MigrationInterface {
  name = 'Danfes1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfe.danfes (
        nota_id uuid NOT NULL REFERENCES nfe.notas (id) ON DELETE CASCADE,
        variante text NOT NULL CHECK (variante IN ('autorizada', 'cancelada')),
        versao_layout int NOT NULL,
        folhas int NOT NULL,
        pdf bytea NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (nota_id, variante)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE nfe.danfes;`);
  }
}
