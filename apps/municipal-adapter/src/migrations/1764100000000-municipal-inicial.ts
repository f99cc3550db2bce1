import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The adapter's durable state. `rps` is the queue (one row per note: a redelivered command never
 * queues an RPS twice); `lotes` records each batch before it is sent, so after a crash the adapter
 * knows which batches may have reached the municipality and consults by RPS before resending;
 * `cancelamentos` the pending cancellation requests; `saida` the outbox of results.
 */
export class MunicipalInicial1764100000000 implements MigrationInterface {
  name = 'MunicipalInicial1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE municipal.numero_lote;

      CREATE TABLE municipal.lotes (
        id uuid PRIMARY KEY,
        numero_lote bigint NOT NULL,
        empresa_id uuid NOT NULL,
        sandbox boolean NOT NULL,
        codigo_municipio char(7) NOT NULL,
        -- montado: formed, never sent; enviando: the send started (may have arrived);
        -- enviado: protocol known, consult until processed; ambiguo: may have arrived, consult by RPS;
        -- concluido: every RPS has a verdict or went back to the queue.
        situacao text NOT NULL CHECK (situacao IN ('montado', 'enviando', 'enviado', 'ambiguo', 'concluido')),
        protocolo text,
        quantidade int NOT NULL,
        tentativas int NOT NULL DEFAULT 0,
        proxima_acao_em timestamptz NOT NULL DEFAULT now(),
        ultimo_erro text,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX lotes_ativos ON municipal.lotes (proxima_acao_em) WHERE situacao <> 'concluido';

      CREATE TABLE municipal.rps (
        nota_id bigint PRIMARY KEY,
        comando_id uuid NOT NULL,
        empresa_id uuid NOT NULL,
        sandbox boolean NOT NULL,
        codigo_municipio char(7) NOT NULL,
        comando jsonb NOT NULL,
        -- fila: waiting for a batch; em_lote: in lote_id; concluido: verdict published.
        situacao text NOT NULL CHECK (situacao IN ('fila', 'em_lote', 'concluido')),
        lote_id uuid REFERENCES municipal.lotes (id),
        envios int NOT NULL DEFAULT 0,
        disponivel_em timestamptz NOT NULL DEFAULT now(),
        resultado jsonb,
        criado_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        atualizado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX rps_fila ON municipal.rps (empresa_id, sandbox, codigo_municipio, criado_em) WHERE situacao = 'fila';
      CREATE INDEX rps_lote ON municipal.rps (lote_id);

      CREATE TABLE municipal.cancelamentos (
        comando_id uuid PRIMARY KEY,
        nota_id bigint NOT NULL,
        empresa_id uuid NOT NULL,
        comando jsonb NOT NULL,
        situacao text NOT NULL CHECK (situacao IN ('pendente', 'concluido')),
        tentativas int NOT NULL DEFAULT 0,
        proxima_acao_em timestamptz NOT NULL DEFAULT now(),
        ultimo_erro text,
        criado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cancelamentos_pendentes ON municipal.cancelamentos (proxima_acao_em) WHERE situacao = 'pendente';

      CREATE TABLE municipal.saida (
        id text PRIMARY KEY,
        assunto text NOT NULL,
        dados jsonb NOT NULL,
        request_id text,
        criado_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        publicado_em timestamptz
      );
      CREATE INDEX saida_pendente ON municipal.saida (criado_em) WHERE publicado_em IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE municipal.saida; DROP TABLE municipal.cancelamentos; DROP TABLE municipal.rps; DROP TABLE municipal.lotes;
      DROP SEQUENCE municipal.numero_lote;
    `);
  }
}
