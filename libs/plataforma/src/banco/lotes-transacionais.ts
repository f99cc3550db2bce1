import type { DataSource, EntityManager } from 'typeorm';

interface Pendente<E, S> {
  item: E;
  resolver(valor: S): void;
  rejeitar(erro: unknown): void;
}

/**
 * Group commit of items (messages from a queue, say): the items that arrive while a transaction is
 * running are applied together by the next one, by ONE call of `aplicar(tx, itens)`, which may write
 * them with one statement per kind instead of one per item; each caller's promise settles only after
 * that commit, with the result `aplicar` gave for its item (same order). Fewer commits, round trips and
 * statements under load; at low load an item is applied alone, as before.
 *
 * If the shared transaction fails, every item of it is applied again alone, in its own transaction, so
 * one failing item cannot fail the others. `aplicar` must therefore be safe to run again for an item
 * (its first run was rolled back) and must not swallow database errors.
 */
export class LotesTransacionais<E, S> {
  private readonly fila: Pendente<E, S>[] = [];
  private executando = false;

  constructor(
    private readonly banco: DataSource,
    private readonly aplicar: (tx: EntityManager, itens: E[]) => Promise<S[]>,
    private readonly maximo = 64,
  ) {}

  executar(item: E): Promise<S> {
    return new Promise<S>((resolver, rejeitar) => {
      this.fila.push({ item, resolver, rejeitar });
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

  private async processar(lote: Pendente<E, S>[]): Promise<void> {
    let resultados: S[];
    try {
      resultados = await this.banco.transaction((tx) =>
        this.aplicar(
          tx,
          lote.map((p) => p.item),
        ),
      );
    } catch (erro) {
      if (lote.length === 1) return lote[0].rejeitar(erro);
      for (const p of lote) {
        try {
          const [resultado] = await this.banco.transaction((tx) => this.aplicar(tx, [p.item]));
          p.resolver(resultado);
        } catch (e) {
          p.rejeitar(e);
        }
      }
      return;
    }
    lote.forEach((p, i) => p.resolver(resultados[i]));
  }
}
