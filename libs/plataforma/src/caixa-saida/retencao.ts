import type { DataSource } from 'typeorm';
import { inteiro } from '../configuracao/configuracao';
import { esquemaSaida, temCaixaEntrada } from './linhas-saida';

/**
 * How long published outbox rows and inbox ids are kept. Without a limit both tables grew forever
 * (every note's signed XML a second time in the outbox). The inbox must outlive any redelivery of a
 * message it deduplicates: the streams keep messages 14 days (nats/jetstream.ts), hence 15 days. A
 * published outbox row serves inspection and the writers' ON CONFLICT; consumers deduplicate by the
 * inbox, so a day is enough.
 */
export const definicoesCaixas = {
  CAIXA_SAIDA_RETENCAO_HORAS: inteiro({ padrao: 24, minimo: 1, maximo: 24 * 90 }),
  CAIXA_ENTRADA_RETENCAO_HORAS: inteiro({ padrao: 15 * 24, minimo: 15 * 24, maximo: 24 * 365 }),
};

export interface RetencaoCaixas {
  CAIXA_SAIDA_RETENCAO_HORAS: number;
  CAIXA_ENTRADA_RETENCAO_HORAS: number;
}

/** Rows per DELETE: short statements, so the purge never holds the writers up. */
const LOTE_EXPURGO = 1000;

/**
 * Deletes published outbox rows and inbox ids older than the retention, in batches, up to
 * `maximoLotes` per table (rows another replica is deleting are skipped). Returns how many rows of
 * each went; an app without an inbox purges only its outbox.
 */
export async function expurgarCaixas(
  banco: Pick<DataSource, 'query'>,
  esquema: string,
  retencao: RetencaoCaixas,
  maximoLotes = 20,
): Promise<{ saida: number; entrada: number }> {
  const esq = esquemaSaida(esquema);
  // One short DELETE per batch, counted; rows another replica holds are skipped.
  const apagar = async (tabela: 'saida' | 'entrada', coluna: 'publicado_em' | 'processado_em', horas: number) => {
    const sql = `WITH apagadas AS (
        DELETE FROM ${esq}.${tabela} WHERE id IN (
          SELECT id FROM ${esq}.${tabela} WHERE ${coluna} < now() - make_interval(hours => $1) LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING 1)
      SELECT count(*)::int AS n FROM apagadas`;
    let total = 0;
    for (let lote = 0; lote < maximoLotes; lote++) {
      const [{ n }]: { n: number }[] = await banco.query(sql, [horas, LOTE_EXPURGO]);
      total += n;
      if (n < LOTE_EXPURGO) break;
    }
    return total;
  };
  // An unpublished row has publicado_em NULL: never older than anything, never deleted.
  const saida = await apagar('saida', 'publicado_em', retencao.CAIXA_SAIDA_RETENCAO_HORAS);
  const entrada = (await temCaixaEntrada(banco, esq)) ? await apagar('entrada', 'processado_em', retencao.CAIXA_ENTRADA_RETENCAO_HORAS) : 0;
  return { saida, entrada };
}
