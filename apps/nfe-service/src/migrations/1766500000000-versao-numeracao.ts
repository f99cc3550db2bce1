import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The version of a counter's reserved ranges: a trigger bumps it whenever a range of that counter is
 * written, changed or removed (an inutilização reserving or freeing numbers), in the same transaction,
 * whoever the writer. A batch numbered ahead from the counter as this process last read it (its last
 * number, ranges and this version) is written only if the row still holds that last number and version
 * (emissao-em-lote.ts), so no batch skips a freed range or lands in a new one.
 */
export class VersaoNumeracao1766500000000 implements MigrationInterface {
  name = 'VersaoNumeracao1766500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE nfe.numeracao ADD COLUMN versao_faixas bigint NOT NULL DEFAULT 0;

      CREATE FUNCTION nfe.faixas_do_contador_mudaram() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          UPDATE nfe.numeracao SET versao_faixas = versao_faixas + 1
           WHERE cnpj = OLD.cnpj_emitente AND ambiente = OLD.ambiente_numeracao AND serie = OLD.serie;
        END IF;
        IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (OLD.cnpj_emitente, OLD.ambiente_numeracao, OLD.serie)
                                   IS DISTINCT FROM (NEW.cnpj_emitente, NEW.ambiente_numeracao, NEW.serie)) THEN
          UPDATE nfe.numeracao SET versao_faixas = versao_faixas + 1
           WHERE cnpj = NEW.cnpj_emitente AND ambiente = NEW.ambiente_numeracao AND serie = NEW.serie;
        END IF;
        RETURN NULL;
      END $$;

      CREATE TRIGGER faixas_do_contador_mudaram
        AFTER INSERT OR DELETE OR UPDATE OF cnpj_emitente, ambiente_numeracao, serie, numero_inicial, numero_final
        ON nfe.inutilizacoes FOR EACH ROW EXECUTE FUNCTION nfe.faixas_do_contador_mudaram();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER faixas_do_contador_mudaram ON nfe.inutilizacoes;
      DROP FUNCTION nfe.faixas_do_contador_mudaram();
      ALTER TABLE nfe.numeracao DROP COLUMN versao_faixas;
    `);
  }
}
