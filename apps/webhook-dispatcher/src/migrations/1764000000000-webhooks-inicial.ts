import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Endpoints, the events received, one delivery job per (endpoint, event), and every attempt.
 * The delivery log is the source of truth: RabbitMQ only carries "attempt job X (version V) at T".
 */
export class WebhooksInicial1764000000000 implements MigrationInterface {
  name = 'WebhooksInicial1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhooks.endpoints (
        id uuid PRIMARY KEY,
        conta_id uuid NOT NULL,
        empresa_id uuid NOT NULL,
        url text NOT NULL,
        eventos text[],
        chave_cifrada bytea NOT NULL,
        ativo boolean NOT NULL DEFAULT true,
        desativado_em timestamptz,
        desativado_motivo text,
        criado_em timestamptz NOT NULL DEFAULT now(),
        removido_em timestamptz
      );
      CREATE INDEX endpoints_empresa ON webhooks.endpoints (empresa_id) WHERE removido_em IS NULL;

      CREATE TABLE webhooks.eventos (
        event_id uuid PRIMARY KEY,
        tipo text NOT NULL,
        conta_id uuid NOT NULL,
        empresa_id uuid NOT NULL,
        corpo text NOT NULL,
        recebido_em timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE webhooks.entregas (
        id uuid PRIMARY KEY,
        endpoint_id uuid NOT NULL REFERENCES webhooks.endpoints (id),
        event_id uuid NOT NULL REFERENCES webhooks.eventos (event_id),
        tipo text NOT NULL,
        situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'entregue', 'falhou', 'cancelada')),
        versao int NOT NULL DEFAULT 1,
        etapa int NOT NULL DEFAULT 0,
        tentativas int NOT NULL DEFAULT 0,
        proxima_tentativa_em timestamptz NOT NULL DEFAULT now(),
        em_andamento_ate timestamptz,
        publicado_em timestamptz,
        entregue_em timestamptz,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX entregas_pendentes ON webhooks.entregas (proxima_tentativa_em) WHERE situacao = 'pendente';
      CREATE INDEX entregas_endpoint ON webhooks.entregas (endpoint_id, criado_em DESC);
      CREATE INDEX entregas_evento ON webhooks.entregas (event_id);

      CREATE TABLE webhooks.tentativas (
        id bigserial PRIMARY KEY,
        entrega_id uuid NOT NULL REFERENCES webhooks.entregas (id),
        numero int NOT NULL,
        iniciada_em timestamptz NOT NULL,
        duracao_ms int NOT NULL,
        status_http int,
        erro text
      );
      CREATE INDEX tentativas_entrega ON webhooks.tentativas (entrega_id, numero);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE webhooks.tentativas; DROP TABLE webhooks.entregas; DROP TABLE webhooks.eventos; DROP TABLE webhooks.endpoints;`,
    );
  }
}
