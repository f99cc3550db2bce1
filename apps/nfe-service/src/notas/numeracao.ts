import type { EntityManager } from 'typeorm';
import type { AmbienteNumeracao } from './entities/nota-fiscal.entity';

/**
 * Locks the counter row of (CNPJ, numbering environment, série), creating it at 0, until the caller's
 * transaction ends, and returns its last number and the version of its ranges. One statement: the no-op
 * update takes the row lock. Numbers are handed out only under this lock, or by a statement that checks
 * the last number and version (RepositorioNotas.gravarNotasSeContadorConfere), and committed with their
 * notes, so a rollback returns them: gapless.
 */
export async function travarNumeracao(
  tx: EntityManager,
  cnpj: string,
  ambiente: AmbienteNumeracao,
  serie: number,
): Promise<{ ultimo: number; versaoFaixas: number }> {
  const [linha] = await tx.query(
    `INSERT INTO nfe.numeracao (cnpj, ambiente, serie, ultimo_numero) VALUES ($1, $2, $3, 0)
     ON CONFLICT (cnpj, ambiente, serie) DO UPDATE SET ultimo_numero = nfe.numeracao.ultimo_numero
     RETURNING ultimo_numero, versao_faixas`,
    [cnpj, ambiente, serie],
  );
  return { ultimo: Number(linha.ultimo_numero), versaoFaixas: Number(linha.versao_faixas) };
}

/**
 * A counter as read: its last number, the invalidated/reserved ranges above it, and the version of its
 * ranges (a trigger on nfe.inutilizacoes bumps it with every range written, changed or removed). A batch
 * numbered from this reading is still right if the row holds the same last number and version.
 */
export interface ContadorLido {
  ultimo: number;
  faixas: { inicial: number; final: number }[];
  versaoFaixas: number;
}

/**
 * Locks the counter row of (CNPJ, environment, série) until the caller's transaction ends and reads
 * the ranges that numbers above the last one must skip. Two statements on purpose: the ranges are
 * read after the lock is granted, so a reservation committed while we waited is seen.
 */
export async function travarContador(tx: EntityManager, cnpj: string, ambiente: AmbienteNumeracao, serie: number): Promise<ContadorLido> {
  const { ultimo, versaoFaixas } = await travarNumeracao(tx, cnpj, ambiente, serie);
  const faixas: { numero_inicial: number; numero_final: number }[] = await tx.query(
    `SELECT numero_inicial, numero_final FROM nfe.inutilizacoes
      WHERE cnpj_emitente = $1 AND ambiente_numeracao = $2 AND serie = $3 AND numero_final > $4 ORDER BY numero_inicial`,
    [cnpj, ambiente, serie, ultimo],
  );
  return { ultimo, versaoFaixas, faixas: faixas.map((f) => ({ inicial: Number(f.numero_inicial), final: Number(f.numero_final) })) };
}

/** The first number after `atual` outside every range (ranges may touch or overlap). */
export function proximoNumeroLivre(atual: number, faixas: ContadorLido['faixas']): number {
  let n = atual + 1;
  for (let mudou = true; mudou;) {
    mudou = false;
    for (const f of faixas) {
      if (f.inicial <= n && n <= f.final) {
        n = f.final + 1;
        mudou = true;
      }
    }
  }
  return n;
}
