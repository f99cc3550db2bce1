import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the simulated authority remembers across restarts: notes, events, inutilizações, batches. */
export class SimuladorInicial1764000000000 implements MigrationInterface {
  name = 'SimuladorInicial1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE SEQUENCE sefaz_simulador.protocolos;
      CREATE SEQUENCE sefaz_simulador.recibos;
      -- Authorized and denied notes (rejected ones are not kept, as at SEFAZ). Production and
      -- homologação are separate bases, hence the environment in every key.
      CREATE TABLE sefaz_simulador.notas (
        ambiente smallint NOT NULL,
        chave text NOT NULL,
        cnpj text NOT NULL,
        modelo text NOT NULL,
        serie int NOT NULL,
        numero int NOT NULL,
        situacao text NOT NULL CHECK (situacao IN ('autorizada', 'denegada', 'cancelada')),
        cstat text NOT NULL,
        xmotivo text NOT NULL,
        protocolo text NOT NULL,
        data_recebimento text NOT NULL,
        digest_value text NOT NULL,
        versao_aplicativo text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ambiente, chave),
        UNIQUE (ambiente, cnpj, modelo, serie, numero)
      );
      CREATE TABLE sefaz_simulador.eventos (
        ambiente smallint NOT NULL,
        id text NOT NULL,
        chave text NOT NULL,
        tipo_evento text NOT NULL,
        sequencia int NOT NULL,
        protocolo text NOT NULL,
        xml_evento text NOT NULL,
        xml_retorno text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ambiente, id)
      );
      CREATE INDEX eventos_chave ON sefaz_simulador.eventos (ambiente, chave);
      CREATE TABLE sefaz_simulador.inutilizacoes (
        ambiente smallint NOT NULL,
        id text NOT NULL,
        cnpj text NOT NULL,
        modelo text NOT NULL,
        serie int NOT NULL,
        numero_inicial int NOT NULL,
        numero_final int NOT NULL,
        protocolo text NOT NULL,
        criado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ambiente, id)
      );
      CREATE INDEX inutilizacoes_serie ON sefaz_simulador.inutilizacoes (ambiente, cnpj, modelo, serie);
      CREATE TABLE sefaz_simulador.lotes (
        recibo text PRIMARY KEY,
        ambiente smallint NOT NULL,
        cuf text NOT NULL,
        prot_nfes jsonb NOT NULL,
        consultas_pendentes int NOT NULL DEFAULT 0,
        criado_em timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE sefaz_simulador.lotes; DROP TABLE sefaz_simulador.inutilizacoes; DROP TABLE sefaz_simulador.eventos;
      DROP TABLE sefaz_simulador.notas; DROP SEQUENCE sefaz_simulador.recibos; DROP SEQUENCE sefaz_simulador.protocolos;
    `);
  }
}
