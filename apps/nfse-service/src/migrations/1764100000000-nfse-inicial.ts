import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The NFS-e schema: the municipal service catalog, the companies' tomadores, RPS numbering (gapless
 * per company, sandbox flag and série), the notes, and the outbox/inbox that make JetStream
 * delivery exactly-once in effect (PostgreSQL is the source of truth).
 */
export class NfseInicial1764100000000 implements MigrationInterface {
  name = 'NfseInicial1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfse.servicos_municipais (
        codigo_municipio char(7) NOT NULL,
        codigo_item_lista text NOT NULL,
        codigo_cnae text NOT NULL,
        descricao text NOT NULL,
        aliquota_iss text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (codigo_municipio, codigo_item_lista, codigo_cnae)
      );

      CREATE TABLE nfse.tomadores (
        id uuid PRIMARY KEY,
        empresa_id uuid NOT NULL,
        cpf_cnpj text NOT NULL,
        razao_social text NOT NULL,
        inscricao_municipal text,
        telefone text,
        email text,
        codigo_municipio text,
        endereco jsonb,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tomadores_documento UNIQUE (empresa_id, cpf_cnpj)
      );

      CREATE TABLE nfse.numeracao_rps (
        empresa_id uuid NOT NULL,
        sandbox boolean NOT NULL,
        serie text NOT NULL,
        ultimo_numero int NOT NULL,
        PRIMARY KEY (empresa_id, sandbox, serie)
      );

      CREATE TABLE nfse.notas (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        empresa_id uuid NOT NULL,
        conta_id uuid NOT NULL,
        sandbox boolean NOT NULL,
        codigo_externo text NOT NULL,
        valor_servicos text NOT NULL,
        descricao text,
        observacoes text,
        iss jsonb NOT NULL,
        servico jsonb NOT NULL,
        nbs jsonb NOT NULL,
        tomador_id uuid NOT NULL REFERENCES nfse.tomadores (id),
        -- The tomador as it went into the RPS (later updates of the tomador do not change this note).
        tomador jsonb NOT NULL,
        codigo_municipio char(7) NOT NULL,
        uf char(2) NOT NULL,
        rps_numero int NOT NULL,
        rps_serie text NOT NULL,
        rps_tipo text NOT NULL,
        rps_situacao text NOT NULL CHECK (rps_situacao IN ('pendente', 'enviado', 'processado_com_sucesso', 'processado_com_erro')),
        rps_data_emissao timestamptz NOT NULL,
        nfse_situacao text NOT NULL CHECK (nfse_situacao IN ('pendente', 'emitida', 'cancelamento_solicitado', 'cancelada')),
        nfse_numero text,
        nfse_codigo_verificacao text,
        nfse_data_emissao text,
        protocolo text,
        numero_lote text,
        erros jsonb,
        motivo_cancelamento text,
        data_cancelamento text,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT notas_codigo_externo UNIQUE (empresa_id, sandbox, codigo_externo),
        CONSTRAINT notas_rps UNIQUE (empresa_id, sandbox, rps_serie, rps_numero)
      );
      CREATE INDEX notas_listagem ON nfse.notas (empresa_id, sandbox, criado_em DESC, id DESC);
      CREATE INDEX notas_situacao ON nfse.notas (empresa_id, sandbox, nfse_situacao);

      CREATE TABLE nfse.saida (
        id uuid PRIMARY KEY,
        assunto text NOT NULL,
        dados jsonb NOT NULL,
        request_id text,
        criado_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        publicado_em timestamptz
      );
      CREATE INDEX saida_pendente ON nfse.saida (criado_em) WHERE publicado_em IS NULL;

      CREATE TABLE nfse.entrada (
        id text PRIMARY KEY,
        recebido_em timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE nfse.entrada; DROP TABLE nfse.saida; DROP TABLE nfse.notas; DROP TABLE nfse.numeracao_rps;
      DROP TABLE nfse.tomadores; DROP TABLE nfse.servicos_municipais;
    `);
  }
}
