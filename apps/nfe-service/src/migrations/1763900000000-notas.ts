import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notes and their durable plumbing. Numbering is gapless per (issuer CNPJ, numbering environment,
 * série) — SEFAZ numbers per CNPJ, so two accounts that register the same CNPJ share one sequence
 * instead of colliding (539). The counter row is incremented in the same transaction that stores the
 * note, so a rolled-back note gives its number back. Outbox and inbox make JetStream delivery exactly-once
 * in effect: PostgreSQL is the source of truth.
 */
export class Notas1763900000000 implements MigrationInterface {
  name = 'Notas1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfe.numeracao (
        cnpj text NOT NULL,
        ambiente text NOT NULL CHECK (ambiente IN ('producao', 'homologacao', 'sandbox')),
        serie int NOT NULL,
        ultimo_numero int NOT NULL,
        PRIMARY KEY (cnpj, ambiente, serie)
      );

      CREATE TABLE nfe.notas (
        id uuid PRIMARY KEY,
        empresa_id uuid NOT NULL,
        conta_id uuid NOT NULL,
        cnpj_emitente text NOT NULL,
        sandbox boolean NOT NULL,
        ambiente_numeracao text NOT NULL,
        tp_amb smallint NOT NULL CHECK (tp_amb IN (1, 2)),
        codigo_externo text NOT NULL,
        serie int NOT NULL,
        numero int NOT NULL,
        chave_acesso char(44) NOT NULL,
        situacao text NOT NULL,
        natureza_operacao text NOT NULL,
        finalidade smallint NOT NULL,
        tipo_operacao smallint NOT NULL,
        indicador_presenca smallint NOT NULL,
        indicador_consumidor_final boolean NOT NULL,
        informacoes_complementares text,
        uf_emitente char(2) NOT NULL,
        data_emissao timestamptz NOT NULL,
        data_saida timestamptz,
        data_autorizacao timestamptz,
        data_cancelamento timestamptz,
        protocolo_autorizacao text,
        protocolo_cancelamento text,
        motivo_cancelamento text,
        status_sefaz_codigo text,
        status_sefaz_motivo text,
        resposta jsonb NOT NULL,
        xml_assinado text NOT NULL,
        xml_autorizado text,
        xml_cancelamento text,
        reemitida_uuid uuid,
        reemitida_de_uuid uuid,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now()
      );
      -- A reissued note hands its codigo_externo, number and key over to its successor.
      CREATE UNIQUE INDEX notas_codigo_externo ON nfe.notas (empresa_id, sandbox, codigo_externo) WHERE reemitida_uuid IS NULL;
      CREATE UNIQUE INDEX notas_numero ON nfe.notas (cnpj_emitente, ambiente_numeracao, serie, numero) WHERE reemitida_uuid IS NULL;
      CREATE INDEX notas_listagem ON nfe.notas (empresa_id, sandbox, criado_em DESC, id DESC);
      CREATE INDEX notas_situacao ON nfe.notas (empresa_id, sandbox, situacao);

      CREATE TABLE nfe.inutilizacoes (
        id uuid PRIMARY KEY,
        empresa_id uuid NOT NULL,
        cnpj_emitente text NOT NULL,
        ambiente_numeracao text NOT NULL,
        serie int NOT NULL,
        numero_inicial int NOT NULL,
        numero_final int NOT NULL CHECK (numero_final >= numero_inicial),
        justificativa text NOT NULL,
        -- 'reservada' while SEFAZ is asked (numbering already skips it), then 'homologada'.
        situacao text NOT NULL CHECK (situacao IN ('reservada', 'homologada')),
        protocolo text,
        nota_id uuid,
        xml_retorno text,
        criado_em timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX inutilizacoes_faixa ON nfe.inutilizacoes (cnpj_emitente, ambiente_numeracao, serie, numero_inicial);

      -- Transactional outbox: written with the state change, published to JetStream by the relay.
      CREATE TABLE nfe.saida (
        id uuid PRIMARY KEY,
        assunto text NOT NULL,
        dados jsonb NOT NULL,
        request_id text,
        criado_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        publicado_em timestamptz
      );
      CREATE INDEX saida_pendentes ON nfe.saida (criado_em) WHERE publicado_em IS NULL;

      -- Inbox: ids of JetStream messages already applied (consumers are idempotent).
      CREATE TABLE nfe.entrada (
        id text PRIMARY KEY,
        processado_em timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP TABLE nfe.entrada; DROP TABLE nfe.saida; DROP TABLE nfe.inutilizacoes; DROP TABLE nfe.notas; DROP TABLE nfe.numeracao;`,
    );
  }
}
