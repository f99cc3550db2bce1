import type { ServicoSefaz } from '@emissor/fiscal-domain';
import limites from './limites-consumo.json';

/**
 * Keeps every company below the "consumo indevido" limits of NT 2018.002 (which answer 656 and block
 * the CNPJ for an hour): a sliding window per service and per document (key, receipt, event, range)
 * or per authorizer, with the ceilings of limites-consumo.json. A call over the ceiling is not made;
 * the caller is told when it may try again.
 *
 * Counted in this process's memory: with several replicas, each keeps its own count (the ceilings
 * have the headroom for that with a couple of replicas).
 */
export interface LimiteServico {
  por: 'documento' | 'autorizador';
  maximo: number;
  janelaMs: number;
}

export const LIMITES_CONSUMO = limites.servicos as Record<ServicoSefaz, LimiteServico>;

export class ErroLimiteConsumo extends Error {
  constructor(
    readonly servico: ServicoSefaz,
    readonly liberaEmMs: number,
  ) {
    super(`Limite de consumo de ${servico} atingido (NT 2018.002): nova tentativa em ${Math.ceil(liberaEmMs / 1000)} s`);
    this.name = 'ErroLimiteConsumo';
  }
}

export interface ChaveConsumo {
  cnpj: string;
  autorizador: string;
  ambiente: number;
  /** Key, receipt, event id or range id; ignored for services counted per authorizer. */
  documento?: string;
}

export class GuardaConsumo {
  private readonly janelas = new Map<string, number[]>();
  private chamadas = 0;

  constructor(
    private readonly limitesPorServico: Record<ServicoSefaz, LimiteServico> = LIMITES_CONSUMO,
    private readonly agora: () => number = Date.now,
  ) {}

  /** Counts one call, or throws ErroLimiteConsumo (counting nothing) when it would pass the ceiling. */
  permitir(servico: ServicoSefaz, c: ChaveConsumo): void {
    const limite = this.limitesPorServico[servico];
    const chave = `${servico}|${c.cnpj}|${c.autorizador}|${c.ambiente}|${limite.por === 'documento' ? (c.documento ?? '') : ''}`;
    const agora = this.agora();
    const janela = (this.janelas.get(chave) ?? []).filter((t) => agora - t < limite.janelaMs);
    if (janela.length >= limite.maximo) {
      this.janelas.set(chave, janela);
      throw new ErroLimiteConsumo(servico, janela[0] + limite.janelaMs - agora);
    }
    janela.push(agora);
    this.janelas.set(chave, janela);
    if (++this.chamadas % 10_000 === 0) this.limpar(agora);
  }

  /** Drops windows with nothing recent (memory stays proportional to recent activity). */
  private limpar(agora: number): void {
    const maiorJanela = Math.max(...Object.values(this.limitesPorServico).map((l) => l.janelaMs));
    for (const [chave, janela] of this.janelas) if (!janela.length || agora - janela[janela.length - 1] >= maiorJanela) this.janelas.delete(chave);
  }
}

/**
 * After a communication failure with an authorizer (or a "service stopped" answer), the next send to
 * it waits for NFeStatusServico4 to say 107 (in operation). Per destination: mode, authorizer, environment.
 */
export class SaudeAutorizadores {
  private readonly comFalha = new Set<string>();

  registrarFalha(destino: string): void {
    this.comFalha.add(destino);
  }

  registrarOperacao(destino: string): void {
    this.comFalha.delete(destino);
  }

  precisaVerificar(destino: string): boolean {
    return this.comFalha.has(destino);
  }
}
