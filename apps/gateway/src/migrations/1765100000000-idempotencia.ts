import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Idempotency-Key answers per credential, kept 24 h (decisions §11; idempotencia/). */
export class Idempotencia1765100000000 implements MigrationInterface {
  name = 'Idempotencia1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cadastro.idempotencia (
        credencial_id uuid NOT NULL REFERENCES cadastro.credenciais(id) ON DELETE CASCADE,
        chave text NOT NULL,
        -- SHA-256 of method, path, company and canonical body: "the same request"
        impressao text NOT NULL,
        -- the request answering for the key; another one may take over once bloqueada_ate passes
        dono uuid NOT NULL,
        bloqueada_ate timestamptz NOT NULL,
        concluida boolean NOT NULL DEFAULT false,
        status smallint,
        tipo_conteudo text,
        corpo text,
        criada_em timestamptz NOT NULL DEFAULT now(),
        expira_em timestamptz NOT NULL,
        PRIMARY KEY (credencial_id, chave)
      );
      CREATE INDEX idempotencia_expira_em ON cadastro.idempotencia (expira_em);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE cadastro.idempotencia');
  }
}
