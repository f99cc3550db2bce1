import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed inutNFe of a homologated inutilização, kept beside SEFAZ's retInutNFe: the two make the
 * ProcInutNFe the issuer keeps, served by `GET /nfe/v1/notas/{uuid}/xml` for an inutilized note (found
 * by its nota_id, hence the index) and by `GET /nfe/v1/inutilizacoes/{serie}/{inicial}/{final}/xml` for a
 * range. Until now the request was dropped with `pedido` once SEFAZ answered; invalidations homologated
 * before this migration have no document to serve (409).
 */
export class InutilizacaoDocumento1766600000000 implements MigrationInterface {
  name = 'InutilizacaoDocumento1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE nfe.inutilizacoes ADD COLUMN xml_inutilizacao text;
      CREATE INDEX inutilizacoes_nota ON nfe.inutilizacoes (nota_id) WHERE nota_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX nfe.inutilizacoes_nota; ALTER TABLE nfe.inutilizacoes DROP COLUMN xml_inutilizacao`);
  }
}
