import type { EntityManager } from 'typeorm';

/**
 * Next RPS number of (company, sandbox, série) inside the caller's transaction. The counter row
 * stays locked until the transaction ends, so numbers go out in order and a rollback gives the
 * number back: gapless, and a refused note consumes none.
 */
export async function alocarNumeroRps(tx: EntityManager, empresaId: string, sandbox: boolean, serie: string): Promise<number> {
  const [{ ultimo_numero }] = await tx.query(
    `INSERT INTO nfse.numeracao_rps (empresa_id, sandbox, serie, ultimo_numero) VALUES ($1, $2, $3, 1)
     ON CONFLICT (empresa_id, sandbox, serie) DO UPDATE SET ultimo_numero = nfse.numeracao_rps.ultimo_numero + 1
     RETURNING ultimo_numero`,
    [empresaId, sandbox, serie],
  );
  return ultimo_numero;
}
