import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Protocol state: what was sent to which authority and what it answered, per access key (and per
 * event and inutilização), plus the inbox of handled commands (at-least-once delivery made idempotent).
 * `destino` is 'simulador' or 'sefaz': the same key may exist in both, as in both environments.
 */
export class SefazInicial1764000000000 implements MigrationInterface {
  name = 'SefazInicial1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sefaz.notas (
        destino text NOT NULL,
        ambiente smallint NOT NULL,
        chave text NOT NULL,
        nota_id text NOT NULL,
        empresa_id text NOT NULL,
        comando_id text NOT NULL,
        situacao text NOT NULL DEFAULT 'processando' CHECK (situacao IN ('processando', 'autorizada', 'denegada', 'rejeitada')),
        -- A send whose outcome we did not hear: the next step must consult by key, never resend blindly.
        envio_incerto boolean NOT NULL DEFAULT false,
        -- When the outcome became uncertain: a 217 this soon may predate the authority processing it.
        incerto_desde timestamptz,
        tentativas int NOT NULL DEFAULT 0,
        recibo text,
        ultimo_cstat text,
        ultimo_motivo text,
        protocolo text,
        data_recebimento text,
        xml_protocolo text,
        -- Lease of the handler working on it (another delivery of the same key waits).
        ocupado_ate timestamptz,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (destino, ambiente, chave)
      );
      CREATE TABLE sefaz.eventos (
        destino text NOT NULL,
        ambiente smallint NOT NULL,
        chave text NOT NULL,
        tipo_evento text NOT NULL,
        nota_id text NOT NULL,
        comando_id text NOT NULL,
        situacao text NOT NULL DEFAULT 'processando' CHECK (situacao IN ('processando', 'aceito', 'rejeitado')),
        envio_incerto boolean NOT NULL DEFAULT false,
        incerto_desde timestamptz,
        tentativas int NOT NULL DEFAULT 0,
        ultimo_cstat text,
        ultimo_motivo text,
        protocolo text,
        data_evento text,
        xml_retorno text,
        ocupado_ate timestamptz,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (destino, ambiente, chave, tipo_evento)
      );
      CREATE TABLE sefaz.inutilizacoes (
        destino text NOT NULL,
        ambiente smallint NOT NULL,
        id text NOT NULL,
        empresa_id text NOT NULL,
        cstat text NOT NULL,
        motivo text NOT NULL,
        protocolo text,
        data_recebimento text,
        xml_retorno text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (destino, ambiente, id)
      );
      CREATE TABLE sefaz.comandos_processados (
        comando_id text PRIMARY KEY,
        tipo text NOT NULL,
        chave text NOT NULL,
        resultado jsonb NOT NULL,
        processado_em timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE sefaz.comandos_processados; DROP TABLE sefaz.inutilizacoes; DROP TABLE sefaz.eventos; DROP TABLE sefaz.notas;`,
    );
  }
}
