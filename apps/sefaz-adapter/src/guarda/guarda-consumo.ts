import type { ServicoSefaz } from '@emissor/fiscal-domain';
import limites from './limites-consumo.json';

/**
 * Keeps every company below the "consumo indevido" limits of NT 2018.002 (which answer 656 and block
 * the CNPJ for an hour): a sliding window per service and per document (key, receipt, event, range),
 * the NT's own keys, with the ceilings of limites-consumo.json. A call over the ceiling is not made;
 * the caller is told when it may try again.
 *
 * Only what reached SEFAZ counts (`registrar` after the call): a refused or reset connection is no
 * consumption at all, so an outage never spends the budget. The status service has no NT limit and
 * is paced by the MonitorAutorizadores instead.
 *
 * Counted in this process's memory, so the ceilings are per replica: `maximo` of limites-consumo.json
 * is the whole deployment's ceiling (below the NT's `ntMaximo`), and each of SEFAZ_REPLICAS replicas
 * gets its share (limitesPorReplica), so that all of them together stay below the NT whichever replica
 * each retry lands on. What a restarted process had counted is lost: the gap between `maximo` and
 * `ntMaximo` is the margin for that.
 */
export interface LimiteServico {
  por: 'documento';
  maximo: number;
  janelaMs: number;
}

export const LIMITES_CONSUMO = limites.servicos as Partial<Record<ServicoSefaz, LimiteServico>>;

/** The most replicas whose shares are all at least one call: the smallest deployment ceiling. */
export const REPLICAS_MAXIMAS = Math.min(...Object.values(LIMITES_CONSUMO).map((l) => l?.maximo ?? Infinity));

/** Each replica's ceilings: the deployment's ceiling divided among `replicas` processes, rounded down. */
export function limitesPorReplica(
  replicas: number,
  limitesDoSistema: Partial<Record<ServicoSefaz, LimiteServico>> = LIMITES_CONSUMO,
): Partial<Record<ServicoSefaz, LimiteServico>> {
  if (!Number.isInteger(replicas) || replicas < 1) throw new RangeError(`réplicas deve ser inteiro >= 1 (recebido ${replicas})`);
  const porReplica: Partial<Record<ServicoSefaz, LimiteServico>> = {};
  for (const [servico, l] of Object.entries(limitesDoSistema) as [ServicoSefaz, LimiteServico][]) {
    const maximo = Math.floor(l.maximo / replicas);
    if (maximo < 1)
      throw new RangeError(`${replicas} réplicas: ${servico} ficaria sem nenhuma chamada por réplica (teto do sistema ${l.maximo})`);
    porReplica[servico] = { por: l.por, maximo, janelaMs: l.janelaMs };
  }
  return porReplica;
}

export class ErroLimiteConsumo extends Error {
  constructor(
    readonly servico: ServicoSefaz,
    readonly liberaEmMs: number,
  ) {
    super(`Limite de consumo de ${servico} atingido (NT 2018.002): nova tentativa em ${Math.ceil(liberaEmMs / 1000)} s`);
    this.name = 'ErroLimiteConsumo';
  }

  /** Redelivery of the command when the window frees (JetStream nak delay). */
  get repetirEmMs(): number {
    return this.liberaEmMs;
  }
}

export interface ChaveConsumo {
  cnpj: string;
  autorizador: string;
  ambiente: number;
  /** Key, receipt, event id or range id. */
  documento?: string;
}

export class GuardaConsumo {
  private readonly janelas = new Map<string, number[]>();
  private chamadas = 0;

  constructor(
    private readonly limitesPorServico: Partial<Record<ServicoSefaz, LimiteServico>> = LIMITES_CONSUMO,
    private readonly agora: () => number = Date.now,
  ) {}

  /** Throws ErroLimiteConsumo when one more call would pass the ceiling; counts nothing. */
  verificar(servico: ServicoSefaz, c: ChaveConsumo): void {
    const limite = this.limitesPorServico[servico];
    if (!limite) return;
    const agora = this.agora();
    const janela = this.janelaAtual(servico, c, limite, agora);
    if (janela.length >= limite.maximo) throw new ErroLimiteConsumo(servico, janela[0] + limite.janelaMs - agora);
  }

  /** Counts one call that reached SEFAZ. */
  registrar(servico: ServicoSefaz, c: ChaveConsumo): void {
    const limite = this.limitesPorServico[servico];
    if (!limite) return;
    const agora = this.agora();
    this.janelaAtual(servico, c, limite, agora).push(agora);
    if (++this.chamadas % 10_000 === 0) this.limpar(agora);
  }

  /** verificar + registrar: for a call known to reach SEFAZ. */
  permitir(servico: ServicoSefaz, c: ChaveConsumo): void {
    this.verificar(servico, c);
    this.registrar(servico, c);
  }

  private janelaAtual(servico: ServicoSefaz, c: ChaveConsumo, limite: LimiteServico, agora: number): number[] {
    const chave = `${servico}|${c.cnpj}|${c.autorizador}|${c.ambiente}|${c.documento ?? ''}`;
    const janela = (this.janelas.get(chave) ?? []).filter((t) => agora - t < limite.janelaMs);
    this.janelas.set(chave, janela);
    return janela;
  }

  /** Drops windows with nothing recent (memory stays proportional to recent activity). */
  private limpar(agora: number): void {
    const maiorJanela = Math.max(...Object.values(this.limitesPorServico).map((l) => l?.janelaMs ?? 0));
    for (const [chave, janela] of this.janelas)
      if (!janela.length || agora - janela[janela.length - 1] >= maiorJanela) this.janelas.delete(chave);
  }
}
