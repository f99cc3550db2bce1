/**
 * Per-endpoint concurrency within one process. A healthy endpoint over its limit waits for a slot
 * (keeping its RabbitMQ message in hand); a slow one (timeouts, answers over 2 s) over its limit is
 * told to postpone, so its jobs go back to a delay queue instead of holding the prefetch window that
 * other endpoints' jobs need. That is what keeps one bad receiver from delaying the others.
 */
export class LimitePorEndpoint {
  private readonly emCurso = new Map<string, number>();
  private readonly esperando = new Map<string, Array<(vaga: boolean) => void>>();
  private readonly lentoAte = new Map<string, number>();

  constructor(private readonly maximo: number) {}

  /** true: slot taken (call `liberar` later); false: postpone this job. */
  adquirir(endpoint: string): Promise<boolean> | boolean {
    const n = this.emCurso.get(endpoint) ?? 0;
    if (n < this.maximo) {
      this.emCurso.set(endpoint, n + 1);
      return true;
    }
    if (this.lento(endpoint)) return false;
    return new Promise((resolve) => {
      const fila = this.esperando.get(endpoint) ?? [];
      fila.push(resolve);
      this.esperando.set(endpoint, fila);
    });
  }

  liberar(endpoint: string): void {
    const fila = this.esperando.get(endpoint);
    const proximo = fila?.shift();
    if (fila && !fila.length) this.esperando.delete(endpoint);
    // The slot passes straight to the next waiter (the count stays).
    if (proximo) return proximo(true);
    const n = (this.emCurso.get(endpoint) ?? 1) - 1;
    if (n <= 0) this.emCurso.delete(endpoint);
    else this.emCurso.set(endpoint, n);
  }

  marcarLento(endpoint: string, porMs: number): void {
    this.lentoAte.set(endpoint, Date.now() + porMs);
  }

  marcarSaudavel(endpoint: string): void {
    this.lentoAte.delete(endpoint);
  }

  lento(endpoint: string): boolean {
    const ate = this.lentoAte.get(endpoint);
    if (ate === undefined) return false;
    if (ate > Date.now()) return true;
    this.lentoAte.delete(endpoint);
    return false;
  }

  /** Shutdown: every waiter is told "no slot" (its message returns to the queue when the channel closes). */
  dispensarEsperas(): void {
    for (const fila of this.esperando.values()) for (const r of fila) r(false);
    this.esperando.clear();
  }

  get esperas(): number {
    let n = 0;
    for (const f of this.esperando.values()) n += f.length;
    return n;
  }
}
