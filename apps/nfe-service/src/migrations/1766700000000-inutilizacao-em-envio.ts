import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Until when a reserved inutilização is being sent to SEFAZ by someone (a caller or the reconciler).
 * Two sends of one range at once made SEFAZ answer the second with 563 (already homologated, no nProt);
 * when that answer settled first, the protocol was lost. Now only the holder of this lease sends; a
 * concurrent request for the same range waits for its outcome. Separate from `proxima_tentativa`,
 * the reconciler's back-off, so a caller's own retry after a 502 still sends at once.
 */
export class InutilizacaoEmEnvio1766700000000 implements MigrationInterface {
  name = 'InutilizacaoEmEnvio1766700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.inutilizacoes ADD COLUMN enviando_ate timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.inutilizacoes DROP COLUMN enviando_ate`);
  }
}
