import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The simulated Sefin Nacional (decisions §10): NFS-e issued from DPS, one per DPS Id (E0014 on a
 * repeat), numbered per environment and issuing municipality, and their cancellation events.
 */
export class SefinNacional1764200000000 implements MigrationInterface {
  name = 'SefinNacional1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE municipal_simulador.numero_dfse;
      CREATE TABLE municipal_simulador.numeracao_nacional (
        ambiente text NOT NULL,
        codigo_municipio text NOT NULL,
        ultimo bigint NOT NULL,
        PRIMARY KEY (ambiente, codigo_municipio)
      );
      CREATE TABLE municipal_simulador.nfse_nacional (
        ambiente text NOT NULL,
        chave text NOT NULL,
        id_dps text NOT NULL,
        cnpj text NOT NULL,
        codigo_municipio text NOT NULL,
        numero bigint NOT NULL,
        serie text NOT NULL,
        numero_dps text NOT NULL,
        data_emissao text NOT NULL,
        xml text NOT NULL,
        cancelada_em text,
        evento_xml text,
        recebido_em timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (ambiente, chave),
        -- The authority's guarantee the client relies on: one NFS-e per DPS.
        CONSTRAINT nfse_nacional_dps UNIQUE (ambiente, id_dps),
        CONSTRAINT nfse_nacional_numero UNIQUE (ambiente, codigo_municipio, numero)
      );
      CREATE INDEX nfse_nacional_cnpj ON municipal_simulador.nfse_nacional (cnpj);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE municipal_simulador.nfse_nacional; DROP TABLE municipal_simulador.numeracao_nacional;
      DROP SEQUENCE municipal_simulador.numero_dfse;
    `);
  }
}
