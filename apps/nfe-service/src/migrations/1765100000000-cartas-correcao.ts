import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cartas de correção (event 110110) of a note: one row per nSeqEvento (1..20), numbered under the
 * note's row lock, with the signed evento kept for the procEventoNFe download.
 */
export class CartasCorrecao1765100000000 implements MigrationInterface {
  name = 'CartasCorrecao1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE nfe.cartas_correcao (
        nota_id uuid NOT NULL REFERENCES nfe.notas (id),
        sequencia smallint NOT NULL CHECK (sequencia BETWEEN 1 AND 20),
        correcao text NOT NULL,
        situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'autorizada', 'rejeitada')),
        comando_id uuid NOT NULL,
        xml_evento text NOT NULL,
        protocolo text,
        data_evento text,
        status_sefaz_codigo text,
        status_sefaz_motivo text,
        xml_retorno text,
        criado_em timestamptz NOT NULL DEFAULT now(),
        atualizado_em timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (nota_id, sequencia)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE nfe.cartas_correcao');
  }
}
