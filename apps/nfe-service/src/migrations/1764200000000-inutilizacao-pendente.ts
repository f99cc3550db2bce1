import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An inutilização whose SEFAZ outcome is unknown (timeout, adapter or SEFAZ unreachable, a crash
 * mid-call) stays reserved with the signed request, so it can be sent again — by the caller's retry
 * or by the reconciler — until SEFAZ answers. Also the owner and mode, for the event on confirmation.
 * Storage: lz4 for the XML columns of notes and outbox rows, several times cheaper than pglz.
 */
export class InutilizacaoPendente1764200000000 implements MigrationInterface {
  name = 'InutilizacaoPendente1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE nfe.inutilizacoes
        ADD COLUMN pedido jsonb,
        ADD COLUMN conta_id uuid,
        ADD COLUMN sandbox boolean NOT NULL DEFAULT false,
        ADD COLUMN tentativas int NOT NULL DEFAULT 0,
        ADD COLUMN proxima_tentativa timestamptz;
      CREATE INDEX inutilizacoes_pendentes ON nfe.inutilizacoes (proxima_tentativa) WHERE situacao = 'reservada';
    `);
    // lz4 only where the server was built with it (PostgreSQL 14+ usually is); otherwise keep pglz.
    const [{ lz4 }] = await q.query(`SELECT 'lz4' = ANY(enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`);
    if (lz4) {
      await q.query(`
        ALTER TABLE nfe.notas ALTER COLUMN xml_assinado SET COMPRESSION lz4, ALTER COLUMN xml_autorizado SET COMPRESSION lz4,
          ALTER COLUMN xml_cancelamento SET COMPRESSION lz4;
        ALTER TABLE nfe.saida ALTER COLUMN dados SET COMPRESSION lz4;
      `);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX nfe.inutilizacoes_pendentes;
      ALTER TABLE nfe.inutilizacoes DROP COLUMN pedido, DROP COLUMN conta_id, DROP COLUMN sandbox, DROP COLUMN tentativas, DROP COLUMN proxima_tentativa;
    `);
  }
}
