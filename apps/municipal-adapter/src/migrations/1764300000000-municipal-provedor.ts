import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * decisions §10: a batch goes by one provider. Each queued RPS records the provider of its command
 * (`abrasf-2.04` for commands from before the field existed: every note was ABRASF then) and batches
 * are formed per company, environment, municipality AND provider. Batches formed by the old code and
 * never sent (`montado`) are dissolved, their RPS back to the queue to be batched again; the others
 * keep the provider they were sent with (their first RPS's, as the old code chose).
 */
export class MunicipalProvedor1764300000000 implements MigrationInterface {
  name = 'MunicipalProvedor1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE municipal.rps SET comando = jsonb_set(comando, '{provedor}', '"abrasf-2.04"') WHERE NOT comando ? 'provedor';
      UPDATE municipal.cancelamentos SET comando = jsonb_set(comando, '{provedor}', '"abrasf-2.04"') WHERE NOT comando ? 'provedor';
      ALTER TABLE municipal.rps ADD COLUMN provedor text;
      UPDATE municipal.rps SET provedor = comando->>'provedor';
      ALTER TABLE municipal.rps ALTER COLUMN provedor SET NOT NULL, ADD CONSTRAINT rps_provedor CHECK (provedor IN ('nacional', 'abrasf-2.04'));
      DROP INDEX municipal.rps_fila;
      CREATE INDEX rps_fila ON municipal.rps (empresa_id, sandbox, codigo_municipio, provedor, criado_em) WHERE situacao = 'fila';

      UPDATE municipal.rps SET situacao = 'fila', lote_id = NULL, atualizado_em = now()
       WHERE situacao = 'em_lote' AND lote_id IN (SELECT id FROM municipal.lotes WHERE situacao = 'montado');
      UPDATE municipal.lotes SET situacao = 'concluido', atualizado_em = now() WHERE situacao = 'montado';
      ALTER TABLE municipal.lotes ADD COLUMN provedor text;
      UPDATE municipal.lotes l SET provedor = COALESCE((SELECT r.provedor FROM municipal.rps r WHERE r.lote_id = l.id ORDER BY r.criado_em LIMIT 1), 'abrasf-2.04');
      ALTER TABLE municipal.lotes ALTER COLUMN provedor SET NOT NULL, ADD CONSTRAINT lotes_provedor CHECK (provedor IN ('nacional', 'abrasf-2.04'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE municipal.lotes DROP COLUMN provedor;
      DROP INDEX municipal.rps_fila;
      CREATE INDEX rps_fila ON municipal.rps (empresa_id, sandbox, codigo_municipio, criado_em) WHERE situacao = 'fila';
      ALTER TABLE municipal.rps DROP COLUMN provedor;
    `);
  }
}
