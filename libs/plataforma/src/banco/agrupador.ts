export interface OpcoesAgrupador<E> {
  /** Calls per batch (default 100). */
  maximo?: number;
  /** Batches in flight at once (default 4). */
  paralelo?: number;
  /**
   * When a batch of several calls fails, run each call alone, so one bad call fails only its caller.
   * Only for an all-or-nothing `executarLote` (one statement): a failed batch changed nothing.
   */
  isolarFalhas?: boolean;
  /** Calls with the same key never share a batch: a later one waits until the batch with its key is done. */
  chave?: (entrada: E) => string;
}

interface Pendente<E, S> {
  entrada: E;
  resolver: (s: S) => void;
  rejeitar: (e: unknown) => void;
}

/**
 * Groups calls made in the same turn of the event loop into one batch (one SQL statement instead of
 * one per job), like a database's group commit: while `paralelo` batches are in flight, new calls
 * wait and the next batch grows. Under light load a batch is one call and adds no delay.
 */
export class Agrupador<E, S> {
  private fila: Pendente<E, S>[] = [];
  private emVoo = 0;
  private agendado = false;
  /** The keys of the batches in flight (`chave`). */
  private readonly chavesEmVoo = new Set<string>();
  private readonly maximo: number;
  private readonly paralelo: number;

  constructor(
    private readonly executarLote: (entradas: E[]) => Promise<S[]>,
    private readonly opcoes: OpcoesAgrupador<E> = {},
  ) {
    this.maximo = opcoes.maximo ?? 100;
    this.paralelo = opcoes.paralelo ?? 4;
  }

  executar(entrada: E): Promise<S> {
    return new Promise<S>((resolver, rejeitar) => {
      this.fila.push({ entrada, resolver, rejeitar });
      this.agendar();
    });
  }

  private agendar() {
    if (this.agendado || this.emVoo >= this.paralelo || !this.fila.length) return;
    this.agendado = true;
    setImmediate(() => {
      this.agendado = false;
      this.disparar();
    });
  }

  private disparar() {
    while (this.fila.length && this.emVoo < this.paralelo) {
      const lote = this.proximoLote();
      // Every call left waits for a key in flight: the end of that batch schedules them.
      if (!lote.length) return;
      const { chave } = this.opcoes;
      const chaves = chave ? lote.map((l) => chave(l.entrada)) : [];
      for (const k of chaves) this.chavesEmVoo.add(k);
      this.emVoo++;
      this.executarEmLote(lote).finally(() => {
        for (const k of chaves) this.chavesEmVoo.delete(k);
        this.emVoo--;
        this.agendar();
      });
    }
  }

  /** The next batch: up to `maximo` calls in order, at most one per key and none with a key in flight. */
  private proximoLote(): Pendente<E, S>[] {
    const { chave } = this.opcoes;
    if (!chave) return this.fila.splice(0, this.maximo);
    const lote: Pendente<E, S>[] = [];
    const resto: Pendente<E, S>[] = [];
    const chaves = new Set<string>(this.chavesEmVoo);
    for (const p of this.fila) {
      const k = chave(p.entrada);
      if (lote.length < this.maximo && !chaves.has(k)) {
        lote.push(p);
        chaves.add(k);
      } else resto.push(p);
    }
    this.fila = resto;
    return lote;
  }

  private async executarEmLote(lote: Pendente<E, S>[]): Promise<void> {
    try {
      const saidas = await this.executarLote(lote.map((l) => l.entrada));
      lote.forEach((l, i) => l.resolver(saidas[i]));
    } catch (erro) {
      if (!this.opcoes.isolarFalhas || lote.length === 1) return lote.forEach((l) => l.rejeitar(erro));
      await Promise.all(
        lote.map((l) =>
          this.executarLote([l.entrada]).then(
            ([saida]) => l.resolver(saida),
            (e: unknown) => l.rejeitar(e),
          ),
        ),
      );
    }
  }
}
