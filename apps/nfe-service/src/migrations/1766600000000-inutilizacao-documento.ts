import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed inutNFe of a homologated inutilização, kept beside SEFAZ's retInutNFe: the two make the
 * ProcInutNFe the issuer keeps and `GET /nfe/v1/notas/{uuid}/xml` serves for an inutilized note. Until
 * now the request was dropped with `pedido` once SEFAZ answered; invalidations homologated before this
 * migration have no document to serve (their note's XML stays 409).
 */
export class InutilizacaoDocumento1766600000000 implements MigrationInterface {
  name = 'InutilizacaoDocumento1766600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.inutilizacoes ADD COLUMN xml_inutilizacao text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfe.inutilizacoes DROP COLUMN xml_inutilizacao`);
  }
}
