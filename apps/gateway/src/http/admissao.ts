/**
 * Admission control with an adaptive limit. At most `limite` requests are served at once; the next
 * ones wait in line for at most `esperaMaximaMs` (a line of at most `filaMaxima`), else they are
 * refused. The limit follows the latency of what is served (AIMD, as TCP does with its window):
 * while requests finish within `latenciaAlvoMs` it grows by one per "window" of requests, up to
 * `limiteMaximo`; when one takes longer it shrinks by a fifth, at most once per target interval,
 * down to `limiteMinimo`. Past saturation the gateway so answers every request quickly (served, or
 * refused with 503 + Retry-After before anything was sent to a service, so nothing is created)
 * instead of queueing for seconds behind services that are already slow.
 */
export class SistemaSobrecarregado extends Error {
  constructor() {
    super('Sistema sobrecarregado');
  }
}

export interface OpcoesAdmissao {
  limiteMaximo: number;
  limiteMinimo: number;
  latenciaAlvoMs: number;
  esperaMaximaMs: number;
  filaMaxima: number;
  /** Clock in ms (tests pass their own). */
  agora?: () => number;
}

interface Espera {
  entrar: () => void;
  relogio: NodeJS.Timeout;
}

const FATOR_REDUCAO = 0.8;

export class Admissao {
  private emCurso = 0;
  private readonly fila: Espera[] = [];
  private limiteAtual: number;
  private ultimaReducao = -Infinity;
  private readonly agora: () => number;
  recusadas = 0;

  constructor(private readonly opcoes: OpcoesAdmissao) {
    this.limiteAtual = opcoes.limiteMaximo;
    this.agora = opcoes.agora ?? (() => performance.now());
  }

  get ocupacao() {
    return { emCurso: this.emCurso, naFila: this.fila.length, limite: Math.floor(this.limiteAtual) };
  }

  /** Resolves with the function that frees the place (idempotent), or rejects with SistemaSobrecarregado. */
  entrar(): Promise<() => void> {
    if (this.temVaga() && this.fila.length === 0) return Promise.resolve(this.ocupar());
    if (this.fila.length >= this.opcoes.filaMaxima) return this.recusar();
    return new Promise((resolve, reject) => {
      const espera: Espera = {
        entrar: () => {
          clearTimeout(espera.relogio);
          resolve(this.ocupar());
        },
        relogio: setTimeout(() => {
          this.fila.splice(this.fila.indexOf(espera), 1);
          this.recusar().catch(reject);
        }, this.opcoes.esperaMaximaMs),
      };
      this.fila.push(espera);
    });
  }

  private temVaga() {
    return this.emCurso < Math.floor(this.limiteAtual);
  }

  private ocupar(): () => void {
    this.emCurso++;
    const inicio = this.agora();
    let livre = false;
    return () => {
      if (livre) return;
      livre = true;
      this.emCurso--;
      this.ajustarLimite(this.agora() - inicio);
      while (this.fila.length && this.temVaga()) this.fila.shift()?.entrar();
    };
  }

  private ajustarLimite(duracaoMs: number) {
    const { latenciaAlvoMs, limiteMaximo, limiteMinimo } = this.opcoes;
    if (duracaoMs <= latenciaAlvoMs) {
      this.limiteAtual = Math.min(limiteMaximo, this.limiteAtual + 1 / this.limiteAtual);
      return;
    }
    // One slow answer says the services are saturated now; the requests already in flight were
    // admitted before the cut, so waiting one target interval keeps their answers from cutting again.
    const instante = this.agora();
    if (instante - this.ultimaReducao < latenciaAlvoMs) return;
    this.ultimaReducao = instante;
    this.limiteAtual = Math.max(limiteMinimo, this.limiteAtual * FATOR_REDUCAO);
  }

  private recusar(): Promise<never> {
    this.recusadas++;
    return Promise.reject(new SistemaSobrecarregado());
  }
}
