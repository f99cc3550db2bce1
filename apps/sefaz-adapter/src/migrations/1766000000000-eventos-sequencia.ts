import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event pipeline: an event is keyed by (key, tpEvento, nSeqEvento), so a note may hold up to 20
 * cartas de correção (110110) beside its cancellation. Existing rows are cancellations, sequence 1.
 */
export class EventosSequencia1766000000000 implements MigrationInterface {
  name = 'EventosSequencia1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE sefaz.eventos ADD COLUMN n_seq_evento smallint NOT NULL DEFAULT 1 CHECK (n_seq_evento BETWEEN 1 AND 20);
      ALTER TABLE sefaz.eventos DROP CONSTRAINT eventos_pkey;
      ALTER TABLE sefaz.eventos ADD PRIMARY KEY (destino, ambiente, chave, tipo_evento, n_seq_evento);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM sefaz.eventos WHERE n_seq_evento <> 1;
      ALTER TABLE sefaz.eventos DROP CONSTRAINT eventos_pkey;
      ALTER TABLE sefaz.eventos ADD PRIMARY KEY (destino, ambiente, chave, tipo_evento);
      ALTER TABLE sefaz.eventos DROP COLUMN n_seq_evento;
    `);
  }
}
