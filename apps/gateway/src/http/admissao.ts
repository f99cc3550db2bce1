/**
 * Admission control: at most `limite` requests are being served at once; the next ones wait in line
 * for at most `esperaMaximaMs`, and a line longer than `filaMaxima` is not joined. Past saturation
 * the gateway so answers every request quickly (served, or refused with 503 + Retry-After before
 * anything was sent to a service, so nothing is created) instead of queueing without bound.
 */
export class SistemaSobrecarregado extends Error {
  constructor() {
    super('Sistema sobrecarregado');
  }
}

interface Espera {
  entrar: () => void;
  relogio: NodeJS.Timeout;
}

export class Admissao {
  private emCurso = 0;
  private readonly fila: Espera[] = [];
  recusadas = 0;

  constructor(
    private readonly limite: number,
    private readonly esperaMaximaMs: number,
    private readonly filaMaxima: number,
  ) {}

  get ocupacao() {
    return { emCurso: this.emCurso, naFila: this.fila.length };
  }

  /** Resolves with the function that frees the place (idempotent), or rejects with SistemaSobrecarregado. */
  entrar(): Promise<() => void> {
    if (this.emCurso < this.limite && this.fila.length === 0) return Promise.resolve(this.ocupar());
    if (this.fila.length >= this.filaMaxima) return this.recusar();
    return new Promise((resolve, reject) => {
      const espera: Espera = {
        entrar: () => {
          clearTimeout(espera.relogio);
          resolve(this.ocupar());
        },
        relogio: setTimeout(() => {
          this.fila.splice(this.fila.indexOf(espera), 1);
          this.recusar().catch(reject);
        }, this.esperaMaximaMs),
      };
      this.fila.push(espera);
    });
  }

  private ocupar(): () => void {
    this.emCurso++;
    let livre = false;
    return () => {
      if (livre) return;
      livre = true;
      this.emCurso--;
      this.fila.shift()?.entrar();
    };
  }

  private recusar(): Promise<never> {
    this.recusadas++;
    return Promise.reject(new SistemaSobrecarregado());
  }
}
