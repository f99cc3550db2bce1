import { type DataSource, EntityManager } from 'typeorm';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Executor = DataSource | EntityManager;

/**
 * Runs SQL and returns the rows, whatever the command (TypeORM's `query()` returns `[rows, count]`
 * for UPDATE/DELETE and plain rows otherwise; the structured result is uniform).
 */
export async function linhas<T = any>(ex: Executor, sql: string, parametros: unknown[] = []): Promise<T[]> {
  if (ex instanceof EntityManager && ex.queryRunner) return (await ex.queryRunner.query(sql, parametros, true)).records as T[];
  const qr = (ex instanceof EntityManager ? ex.connection : ex).createQueryRunner();
  try {
    return (await qr.query(sql, parametros, true)).records as T[];
  } finally {
    await qr.release();
  }
}
