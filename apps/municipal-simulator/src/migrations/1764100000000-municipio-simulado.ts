import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the simulated municipality remembers across restarts: batches, their RPS, issued NFS-e. */
export class MunicipioSimulado1764100000000 implements MigrationInterface {
  name = 'MunicipioSimulado1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE municipal_simulador.protocolos;
      -- Production and homologação are separate bases, hence the environment in every key.
      CREATE TABLE municipal_simulador.lotes (
        protocolo text PRIMARY KEY,
        ambiente text NOT NULL,
        cnpj text NOT NULL,
        numero_lote text NOT NULL,
        quantidade int NOT NULL,
        situacao text NOT NULL CHECK (situacao IN ('recebido', 'processado_com_sucesso', 'processado_com_erro')),
        mensagens jsonb,
        processar_apos timestamptz NOT NULL,
        recebido_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        processado_em timestamptz
      );
      CREATE INDEX lotes_a_processar ON municipal_simulador.lotes (processar_apos) WHERE situacao = 'recebido';
      CREATE INDEX lotes_cnpj ON municipal_simulador.lotes (cnpj);
      CREATE TABLE municipal_simulador.lote_rps (
        protocolo text NOT NULL REFERENCES municipal_simulador.lotes (protocolo),
        ordem int NOT NULL,
        numero text NOT NULL,
        serie text NOT NULL,
        tipo text NOT NULL,
        tomador text,
        valor_servicos text NOT NULL,
        aliquota text,
        valor_iss text,
        codigo_municipio text NOT NULL,
        xml text NOT NULL,
        PRIMARY KEY (protocolo, ordem)
      );
      CREATE TABLE municipal_simulador.numeracao (
        ambiente text NOT NULL,
        cnpj text NOT NULL,
        ultimo bigint NOT NULL,
        PRIMARY KEY (ambiente, cnpj)
      );
      CREATE TABLE municipal_simulador.nfse (
        ambiente text NOT NULL,
        cnpj text NOT NULL,
        numero bigint NOT NULL,
        codigo_verificacao text NOT NULL,
        rps_numero text NOT NULL,
        rps_serie text NOT NULL,
        rps_tipo text NOT NULL,
        protocolo text NOT NULL,
        data_emissao text NOT NULL,
        valores jsonb NOT NULL,
        codigo_municipio text NOT NULL,
        rps_xml text NOT NULL,
        cancelada_em text,
        pedido_cancelamento text,
        PRIMARY KEY (ambiente, cnpj, numero),
        -- The municipality's guarantee the client relies on: one NFS-e per RPS.
        UNIQUE (ambiente, cnpj, rps_numero, rps_serie, rps_tipo)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE municipal_simulador.nfse; DROP TABLE municipal_simulador.numeracao; DROP TABLE municipal_simulador.lote_rps;
      DROP TABLE municipal_simulador.lotes; DROP SEQUENCE municipal_simulador.protocolos;
    `);
  }
}
