import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a normal-regime company computes PIS/COFINS (`cumulativa`: lucro presumido; `nao_cumulativa`: lucro
 * real), which sets their rates on its NF-e; null: cumulativa (the domain's default, totais/tributos.ts).
 */
export class ApuracaoPisCofins1765400000000 implements MigrationInterface {
  name = 'ApuracaoPisCofins1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE cadastro.empresas ADD COLUMN apuracao_pis_cofins text CHECK (apuracao_pis_cofins IN ('cumulativa', 'nao_cumulativa'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE cadastro.empresas DROP COLUMN apuracao_pis_cofins`);
  }
}
