import type { DataSource, QueryRunner } from 'typeorm';

/**
 * One processor of batches at a time, elected with a PostgreSQL session advisory lock held on a
 * dedicated connection: when the holder dies (even kill -9) its connection closes and the lock is
 * released at once, so a standby (or the restarted process) takes over without waiting for a lease.
 * Replicas still take commands; only the leader forms, sends and follows batches.
 */
export class Lideranca {
  private conexao: QueryRunner | null = null;

  constructor(
    private readonly banco: DataSource,
    private readonly chave: string,
  ) {}

  get lider(): boolean {
    return this.conexao !== null;
  }

  /** Tries to become (or checks it still is) the leader. */
  async verificar(): Promise<boolean> {
    if (this.conexao) {
      try {
        await this.conexao.query('SELECT 1');
        return true;
      } catch {
        await this.soltar();
        return false;
      }
    }
    const conexao = this.banco.createQueryRunner();
    try {
      await conexao.connect();
      const [{ ok }] = await conexao.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [this.chave]);
      if (ok) {
        this.conexao = conexao;
        return true;
      }
    } catch {
      /* database unreachable: try again later */
    }
    await conexao.release().catch(() => undefined);
    return false;
  }

  async soltar(): Promise<void> {
    const c = this.conexao;
    this.conexao = null;
    if (!c) return;
    await c.query('SELECT pg_advisory_unlock(hashtext($1))', [this.chave]).catch(() => undefined);
    await c.release().catch(() => undefined);
  }
}
