/**
 * Token bucket per credential: `taxa` requests per second sustained, bursts up to `2 × taxa`.
 * In memory, so the limit is per gateway replica; the HPA scales replicas, and the limit exists to
 * protect the system from one runaway client, not to bill.
 */
export class LimiteRequisicoes {
  private readonly baldes = new Map<string, { fichas: number; atualizadoEm: number }>();
  private readonly capacidade: number;

  constructor(
    private readonly taxa: number,
    private readonly agora: () => number = () => Date.now(),
  ) {
    this.capacidade = taxa * 2;
  }

  /** Returns 0 when allowed, else the seconds to wait (for Retry-After). */
  consumir(chave: string): number {
    const t = this.agora();
    const balde = this.baldes.get(chave) ?? { fichas: this.capacidade, atualizadoEm: t };
    balde.fichas = Math.min(this.capacidade, balde.fichas + ((t - balde.atualizadoEm) / 1000) * this.taxa);
    balde.atualizadoEm = t;
    this.baldes.set(chave, balde);
    if (balde.fichas >= 1) {
      balde.fichas -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - balde.fichas) / this.taxa));
  }
}
