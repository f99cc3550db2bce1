/**
 * Groups calls made in the same turn of the event loop into one batch (one SQL statement instead of
 * one per job), like a database's group commit: while `paralelo` batches are in flight, new calls
 * wait and the next batch grows. Under light load a batch is one call and adds no delay.
 */
export class Agrupador<E, S> {
  private fila: { entrada: E; resolver: (s: S) => void; rejeitar: (e: unknown) => void }[] = [];
  private emVoo = 0;
  private agendado = false;

  constructor(
    private readonly executarLote: (entradas: E[]) => Promise<S[]>,
    private readonly maximo = 100,
    private readonly paralelo = 4,
  ) {}

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
      const lote = this.fila.splice(0, this.maximo);
      this.emVoo++;
      this.executarLote(lote.map((l) => l.entrada))
        .then(
          (saidas) => lote.forEach((l, i) => l.resolver(saidas[i])),
          (erro) => lote.forEach((l) => l.rejeitar(erro)),
        )
        .finally(() => {
          this.emVoo--;
          this.agendar();
        });
    }
  }
}
