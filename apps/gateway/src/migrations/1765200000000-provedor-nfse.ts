import type { MigrationInterface, QueryRunner } from 'typeorm';

/** decisions §10: a company's NFS-e provider (`nacional` | `abrasf-2.04`); null follows its municipality's (the domain's dated table). */
export class ProvedorNfse1765200000000 implements MigrationInterface {
  name = 'ProvedorNfse1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cadastro.empresas ADD COLUMN provedor_nfse text CHECK (provedor_nfse IN ('nacional', 'abrasf-2.04'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cadastro.empresas DROP COLUMN provedor_nfse`);
  }
}
