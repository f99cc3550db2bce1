import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * decisions §10: each note records the provider it went through (fixed at creation: `nacional` or
 * `abrasf-2.04`; the notes before this migration were all ABRASF) and the NFS-e XML the authority
 * gave back (national: the signed NFSe; ABRASF: CompNfse), served by GET /nfse/v1/notas/{id}/xml.
 */
export class NfseProvedor1764200000000 implements MigrationInterface {
  name = 'NfseProvedor1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE nfse.notas
        ADD COLUMN provedor text NOT NULL DEFAULT 'abrasf-2.04' CHECK (provedor IN ('nacional', 'abrasf-2.04')),
        ADD COLUMN nfse_xml text;
      ALTER TABLE nfse.notas ALTER COLUMN provedor DROP DEFAULT;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE nfse.notas DROP COLUMN nfse_xml, DROP COLUMN provedor;`);
  }
}
