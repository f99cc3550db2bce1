import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CadastroInicial1763800000000 implements MigrationInterface {
  name = 'CadastroInicial1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cadastro.contas (
        id uuid PRIMARY KEY,
        nome text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE cadastro.credenciais (
        id uuid PRIMARY KEY,
        conta_id uuid NOT NULL REFERENCES cadastro.contas(id) ON DELETE CASCADE,
        tipo text NOT NULL CHECK (tipo IN ('producao', 'sandbox')),
        api_key text NOT NULL UNIQUE,
        hash_segredo text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        UNIQUE (conta_id, tipo)
      );
      CREATE TABLE cadastro.empresas (
        id uuid PRIMARY KEY,
        conta_id uuid NOT NULL REFERENCES cadastro.contas(id) ON DELETE CASCADE,
        cnpj text NOT NULL,
        razao_social text NOT NULL,
        nome_fantasia text,
        inscricao_estadual text,
        inscricao_municipal text,
        regime_tributario smallint CHECK (regime_tributario BETWEEN 1 AND 4),
        cep text NOT NULL,
        logradouro text NOT NULL,
        numero text NOT NULL,
        bairro text NOT NULL,
        municipio text NOT NULL,
        uf char(2) NOT NULL,
        complemento text,
        codigo_municipio char(7) NOT NULL,
        telefone text,
        email text,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        UNIQUE (conta_id, cnpj)
      );
      CREATE INDEX empresas_conta_criacao ON cadastro.empresas (conta_id, criado_em, id);
      CREATE TABLE cadastro.certificados (
        empresa_id uuid PRIMARY KEY REFERENCES cadastro.empresas(id) ON DELETE CASCADE,
        pfx_cifrado bytea NOT NULL,
        senha_cifrada bytea NOT NULL,
        titular text NOT NULL,
        cnpj text,
        numero_serie text NOT NULL,
        valido_de timestamptz NOT NULL,
        valido_ate timestamptz NOT NULL,
        versao uuid NOT NULL,
        atualizado_em timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE cadastro.certificados; DROP TABLE cadastro.empresas; DROP TABLE cadastro.credenciais; DROP TABLE cadastro.contas;`,
    );
  }
}
