import type { MigrationInterface, QueryRunner } from 'typeorm';

export class NfeInicial1763800000000 implements MigrationInterface {
  name = 'NfeInicial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfe.configuracoes_nfe (
        empresa_id uuid PRIMARY KEY,
        serie_padrao int NOT NULL DEFAULT 1 CHECK (serie_padrao BETWEEN 0 AND 999),
        ambiente text NOT NULL DEFAULT 'homologacao' CHECK (ambiente IN ('homologacao', 'producao')),
        atualizado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE nfe.mercadorias (
        id uuid PRIMARY KEY,
        empresa_id uuid NOT NULL,
        codigo text NOT NULL,
        nome text NOT NULL,
        ncm text NOT NULL,
        unidade_comercial text NOT NULL,
        valor numeric(21, 10) NOT NULL CHECK (valor >= 0),
        cfop_interestadual text,
        cfop_interno text,
        descricao text,
        cest text,
        origem smallint CHECK (origem BETWEEN 0 AND 8),
        cst_icms text,
        csosn text,
        aliquota_icms numeric(12, 8) CHECK (aliquota_icms BETWEEN 0 AND 1),
        cst_pis text,
        cst_cofins text,
        padrao boolean NOT NULL DEFAULT false,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        UNIQUE (empresa_id, codigo)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE nfe.mercadorias; DROP TABLE nfe.configuracoes_nfe;`);
  }
}
