import type { EntityManager } from 'typeorm';
import type { AmbienteNumeracao } from './entities/nota-fiscal.entity';

/**
 * Takes the next number of (issuer CNPJ, numbering environment, série) inside the caller's transaction.
 * The counter row stays locked until that transaction ends, so numbers are handed out in order,
 * and a rollback returns the number: gapless. Invalidated (or reserved) ranges are skipped — those
 * numbers can never be issued.
 */
export async function alocarNumero(tx: EntityManager, cnpj: string, ambiente: AmbienteNumeracao, serie: number): Promise<number> {
  const [{ ultimo_numero: numero }] = await tx.query(
    `INSERT INTO nfe.numeracao (cnpj, ambiente, serie, ultimo_numero) VALUES ($1, $2, $3, 1)
     ON CONFLICT (cnpj, ambiente, serie) DO UPDATE SET ultimo_numero = nfe.numeracao.ultimo_numero + 1
     RETURNING ultimo_numero`,
    [cnpj, ambiente, serie],
  );
  const faixas: { numero_final: number }[] = await tx.query(
    `SELECT max(numero_final) AS numero_final FROM nfe.inutilizacoes
      WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3 AND numero_inicial <= $4 AND numero_final >= $4`,
    [cnpj, ambiente, serie, numero],
  );
  if (faixas[0]?.numero_final == null) return numero;
  // The number falls in an invalidated range: jump past it and try again (ranges may chain).
  await tx.query('UPDATE nfe.numeracao SET ultimo_numero = $4 WHERE cnpj = $1 AND ambiente = $2 AND serie = $3', [
    cnpj,
    ambiente,
    serie,
    faixas[0].numero_final,
  ]);
  return alocarNumero(tx, cnpj, ambiente, serie);
}

/** Locks the counter row (creating it at 0) so a range check and a reservation see no concurrent allocation. */
export async function travarNumeracao(tx: EntityManager, cnpj: string, ambiente: AmbienteNumeracao, serie: number): Promise<number> {
  await tx.query(`INSERT INTO nfe.numeracao (cnpj, ambiente, serie, ultimo_numero) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING`, [
    cnpj,
    ambiente,
    serie,
  ]);
  const [{ ultimo_numero }] = await tx.query('SELECT ultimo_numero FROM nfe.numeracao WHERE cnpj = $1 AND ambiente = $2 AND serie = $3 FOR UPDATE', [
    cnpj,
    ambiente,
    serie,
  ]);
  return ultimo_numero;
}
