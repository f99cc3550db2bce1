import { type DataSource, EntityManager } from 'typeorm';

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Executor = DataSource | EntityManager;

interface PoolPg {
  query(texto: string, parametros: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * Runs SQL and returns the rows, whatever the command. Outside a transaction it goes straight to the
 * pg pool TypeORM already holds: the hot path runs a few statements per delivery, and TypeORM's query
 * runner (created per call, with events and logging) costs more CPU than the statement itself.
 */
export async function linhas<T = any>(ex: Executor, sql: string, parametros: unknown[] = []): Promise<T[]> {
  if (ex instanceof EntityManager) {
    if (ex.queryRunner) return (await ex.queryRunner.query(sql, parametros, true)).records as T[];
    ex = ex.connection;
  }
  const pool = (ex.driver as unknown as { master?: PoolPg }).master;
  if (pool) return (await pool.query(sql, parametros)).rows as T[];
  const qr = ex.createQueryRunner();
  try {
    return (await qr.query(sql, parametros, true)).records as T[];
  } finally {
    await qr.release();
  }
}
