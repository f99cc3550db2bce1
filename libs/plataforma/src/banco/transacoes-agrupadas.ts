import type { DataSource, EntityManager } from 'typeorm';
import { contextoExecucao } from '../registro/contexto-execucao';

interface Pedido {
  trabalho: (tx: EntityManager) => Promise<unknown>;
  contexto: ReturnType<typeof contextoExecucao.getStore>;
  resolver(valor: unknown): void;
  rejeitar(erro: unknown): void;
}

/**
 * Group commit for many small, independent transactions (applying messages from a queue): units of
 * work that arrive while a transaction is running are run one after the other in the next shared
 * transaction, and each caller's promise settles only after that commit. Fewer commits and round
 * trips under load; at low load a unit runs alone, as before.
 *
 * If the shared transaction fails, every unit of it is run again in its own transaction, so one
 * failing unit cannot fail the others. Units must therefore be safe to run twice (they are: their
 * first run was rolled back) and must not swallow database errors.
 */
export class TransacoesAgrupadas {
  private readonly fila: Pedido[] = [];
  private executando = false;

  constructor(
    private readonly banco: DataSource,
    private readonly maximo = 64,
  ) {}

  executar<T>(trabalho: (tx: EntityManager) => Promise<T>): Promise<T> {
    return new Promise<T>((resolver, rejeitar) => {
      this.fila.push({ trabalho, contexto: contextoExecucao.getStore(), resolver: resolver as (v: unknown) => void, rejeitar });
      if (!this.executando) void this.drenar();
    });
  }

  private async drenar(): Promise<void> {
    this.executando = true;
    try {
      while (this.fila.length) await this.processar(this.fila.splice(0, this.maximo));
    } finally {
      this.executando = false;
    }
  }

  private async processar(lote: Pedido[]): Promise<void> {
    let resultados: unknown[];
    try {
      resultados = await this.banco.transaction(async (tx) => {
        const r: unknown[] = [];
        // One after the other: a transaction is one connection; each unit keeps its caller's request id.
        for (const p of lote) r.push(await contextoExecucao.run(p.contexto ?? {}, () => p.trabalho(tx)));
        return r;
      });
    } catch (erro) {
      if (lote.length === 1) return lote[0].rejeitar(erro);
      for (const p of lote) {
        try {
          p.resolver(await this.banco.transaction((tx) => contextoExecucao.run(p.contexto ?? {}, () => p.trabalho(tx))));
        } catch (e) {
          p.rejeitar(e);
        }
      }
      return;
    }
    lote.forEach((p, i) => p.resolver(resultados[i]));
  }
}
