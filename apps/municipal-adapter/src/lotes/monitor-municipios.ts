import { metricas } from '@emissor/plataforma';

/** Back-off between probes of an unavailable municipality: 1 s doubling up to a minute. */
export const recuoMunicipio = (falhas: number) => Math.min(60_000, 1_000 * 2 ** Math.min(Math.max(falhas - 1, 0), 16));

interface Estado {
  falhas: number;
  proximaEm: number;
  sondaEmVoo: boolean;
  aguardando: Set<string>;
}

/**
 * Availability of each municipality's endpoint (by municipality and sandbox), as the batch leader sees
 * it (one leader processes every batch, so process memory is the shared state). While one is down,
 * only one batch at a time goes as the probe, the next after a back-off up to a minute; the other
 * batches wait without spending attempts. The moment any call succeeds, `registrarSucesso` says so and
 * the processor makes every waiting batch due at once.
 */
export class MonitorMunicipios {
  private readonly indisponiveis = new Map<string, Estado>();

  constructor(private readonly agora: () => number = Date.now) {}

  static chave(codigoMunicipio: string, sandbox: boolean): string {
    return `municipio:${codigoMunicipio}${sandbox ? ':sandbox' : ''}`;
  }

  /** 0: go (available, or this batch is the probe); else how long this batch waits. */
  esperaAntesDeEnviar(chave: string, loteId: string): number {
    const e = this.indisponiveis.get(chave);
    if (!e) return 0;
    const agora = this.agora();
    if (!e.sondaEmVoo && agora >= e.proximaEm) {
      e.sondaEmVoo = true;
      e.aguardando.delete(loteId);
      metricas.sondagensAutorizador().inc({ autorizador: chave, resultado: 'enviada' });
      this.publicarAguardando(chave, e);
      return 0;
    }
    // A skipped probe is a batch that would have gone and waits instead: counted when it starts waiting,
    // not on each re-check of a batch already waiting (that would count one skip per second of outage).
    if (!e.aguardando.has(loteId)) {
      e.aguardando.add(loteId);
      metricas.sondagensAutorizador().inc({ autorizador: chave, resultado: 'evitada' });
      this.publicarAguardando(chave, e);
    }
    return Math.max(e.proximaEm - agora, 1_000);
  }

  /** The municipality did not answer (transport failure): returns how long until the next probe. */
  registrarFalha(chave: string): number {
    let e = this.indisponiveis.get(chave);
    if (!e) {
      e = { falhas: 0, proximaEm: 0, sondaEmVoo: false, aguardando: new Set() };
      this.indisponiveis.set(chave, e);
      metricas.autorizadorDisponivel().set({ autorizador: chave }, 0);
    }
    e.falhas++;
    e.sondaEmVoo = false;
    const espera = recuoMunicipio(e.falhas);
    e.proximaEm = this.agora() + espera;
    return espera;
  }

  /** It answered: true when it had been unavailable (the waiting batches go now). */
  registrarSucesso(chave: string): boolean {
    const e = this.indisponiveis.get(chave);
    if (!e) return false;
    this.indisponiveis.delete(chave);
    metricas.autorizadorDisponivel().set({ autorizador: chave }, 1);
    metricas.comandosAguardandoAutorizador().set({ autorizador: chave }, 0);
    return true;
  }

  private publicarAguardando(chave: string, e: Estado) {
    metricas.comandosAguardandoAutorizador().set({ autorizador: chave }, e.aguardando.size);
  }
}
