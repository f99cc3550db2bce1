import { Logger } from '@nestjs/common';
import { metricas } from '@emissor/plataforma';
import type { RepositorioAutorizadores } from '../persistencia/repositorio-autorizadores';

/** What one status probe said of the authorizer. `inconclusiva`: the probe could not judge it (that company's certificate refused, no certificate). */
export type ResultadoSondagem = { disponivel: true } | { disponivel: false; motivo: string } | { inconclusiva: string };

/** The authorizer is down and did not come back within this command's wait: retry soon (cheap: nothing is sent while it is down). */
export class ErroServicoIndisponivel extends Error {
  constructor(
    mensagem: string,
    readonly repetirEmMs = 2_000,
  ) {
    super(mensagem);
    this.name = 'ErroServicoIndisponivel';
  }
}

export interface OpcoesMonitor {
  /** How long a command waits in-process for its authorizer before it is redelivered. */
  esperaMaximaMs: number;
  /** First probe after the first failure; then doubling up to `recuoMaximoMs`. */
  primeiraSondagemMs: number;
  recuoMaximoMs: number;
  /** How often a waiting process re-reads the shared state (another replica's probe may have succeeded). */
  releituraMs: number;
  /** Lease of one probe (longer than one status call). */
  leaseSondagemMs: number;
  /**
   * The watch (SEFAZ_VIGILANCIA_MS): an authorizer in use and available is probed once per this
   * interval across replicas, so its status is fresh and an outage is found without waiting for a
   * note; one marked down is probed on the outage's back-off even when no command waits for it.
   * Absent or 0: no watch (probes only while commands wait).
   */
  vigilanciaMs?: number;
  /** Authorizers called within this window count as in use (default 15 min). */
  janelaTrafegoMs?: number;
  /** This process's clock (the watch's schedule); the shared state keeps the database's. */
  agora?: () => number;
}

export const OPCOES_MONITOR_PADRAO: OpcoesMonitor = {
  esperaMaximaMs: 20_000,
  primeiraSondagemMs: 1_000,
  recuoMaximoMs: 60_000,
  releituraMs: 1_000,
  leaseSondagemMs: 15_000,
};
export const JANELA_TRAFEGO_PADRAO_MS = 15 * 60_000;

/** Back-off after `falhas` consecutive failed probes: 1 s, 2 s, 4 s ... up to the maximum. */
export const recuoSondagem = (falhas: number, o: Pick<OpcoesMonitor, 'primeiraSondagemMs' | 'recuoMaximoMs'>) =>
  Math.min(o.recuoMaximoMs, o.primeiraSondagemMs * 2 ** Math.min(Math.max(falhas, 0), 16));

/**
 * A change of an authorizer's state worth telling the rest of the system (contingency, decisions §9):
 * down after its first status probe also failed (a single lost answer does not switch a state to SVC),
 * and up again when it answers (status 107 or any call).
 */
export interface MudancaAutorizador {
  destino: string;
  disponivel: boolean;
  motivo: string | null;
  desde: Date;
}
/** Failures in a row (the call's, then the probes') before the authorizer counts as down for contingency. */
export const FALHAS_PARA_CONTINGENCIA = 2;

type Sondador = () => Promise<ResultadoSondagem>;

interface Vigia {
  /** The probe of the most recent waiter (its company's certificate). */
  sondadores: Sondador[];
  /** Probes of the SVC that would replace this authorizer (absent for an SVC itself). */
  sondadoresSvc: Sondador[];
  liberar: () => void;
  liberado: Promise<void>;
  motivo: string;
}

/** An authorizer this process called lately: the probes of its last caller (a status probe needs some company's certificate). */
interface Trafego {
  sondar: Sondador;
  sondarSvc?: Sondador;
  ultimoUso: number;
  /** When this process next asks for the watch of it while available (the shared state has the last word). */
  proximaVigilancia: number;
  emCurso: boolean;
}

/**
 * Availability of each authorizer (destination kind + authorizer + environment), shared by every
 * company and replica through sefaz.autorizadores:
 * - any communication failure marks it unavailable; any answer marks it available again;
 * - while it is unavailable, commands wait here instead of calling it: one status probe per
 *   authorizer at a time across replicas, the next after a back-off up to a minute;
 * - the moment a probe or any call succeeds (here or in another replica, seen within `releituraMs`),
 *   every waiting command goes;
 * - with the watch on (vigilanciaMs), the authorizers called in the last `janelaTrafegoMs` are probed
 *   once per interval across replicas while available, and on the back-off while down, with or without
 *   commands waiting: the status route stays fresh and an outage is found without a note.
 * The hot path (authorizer available) is a Set lookup and a Map write: no database access.
 */
export class MonitorAutorizadores {
  private readonly registro = new Logger('autorizadores');
  private readonly indisponiveis = new Set<string>();
  /**
   * Down in the shared state although this process has not seen it fail (another replica did, or it was
   * marked before this process started). Sends are not held for it, but the first success here must
   * clear the shared state, or nobody would (no command waits in this process) and the contingency of
   * that state would never end. Refreshed every `2 × releituraMs`.
   */
  private indisponiveisNoBanco = new Set<string>();
  private readonly vigias = new Map<string, Vigia>();
  private readonly trafego = new Map<string, Trafego>();
  private readonly sincronia: NodeJS.Timeout;
  private readonly agora: () => number;

  private ouvinte: ((m: MudancaAutorizador) => Promise<void>) | null = null;

  constructor(
    private readonly repo: RepositorioAutorizadores,
    private readonly o: OpcoesMonitor = OPCOES_MONITOR_PADRAO,
  ) {
    this.agora = o.agora ?? Date.now;
    this.sincronia = setInterval(
      () => void this.sincronizar().then(() => (o.vigilanciaMs ? this.vigiarTrafego() : undefined)),
      2 * o.releituraMs,
    );
    this.sincronia.unref();
    void this.sincronizar();
  }

  /**
   * Reads which authorizers the shared state holds as down (see indisponiveisNoBanco); the gauge of
   * each follows it, so every replica's /metrics tells the same state, not only the one that saw it fail.
   */
  async sincronizar(): Promise<void> {
    try {
      const agora = new Set(await this.repo.listarIndisponiveis());
      const gauge = metricas.autorizadorDisponivel();
      for (const d of agora) if (!this.indisponiveis.has(d)) gauge.set({ autorizador: d }, 0);
      for (const d of this.indisponiveisNoBanco) if (!agora.has(d) && !this.indisponiveis.has(d)) gauge.set({ autorizador: d }, 1);
      this.indisponiveisNoBanco = agora;
    } catch (e) {
      this.registro.warn(`estado compartilhado dos autorizadores não lido: ${(e as Error).message}`);
    }
  }

  /**
   * Whether the contingency of the authorizer's states holds, as the shared state says: down after its
   * status probe failed too (the threshold at which the change is published and nfe-service keys new
   * notes in SVC). The event pipeline routes events of SVC notes by it (NT 2013.007).
   */
  async contingenciaAtiva(destino: string): Promise<boolean> {
    const e = await this.repo.obter(destino);
    return !!e && !e.disponivel && e.falhasSeguidas >= FALHAS_PARA_CONTINGENCIA;
  }

  /** The process stops: no more reading of the shared state. */
  encerrar(): void {
    clearInterval(this.sincronia);
  }

  /** Nest calls it at shutdown (the database closes next). */
  onApplicationShutdown(): void {
    this.encerrar();
  }

  /** Who is told of the changes (the adapter publishes them; nfe-service switches contingency). */
  aoMudar(ouvinte: (m: MudancaAutorizador) => Promise<void>): void {
    this.ouvinte = ouvinte;
  }

  private async avisar(m: MudancaAutorizador): Promise<void> {
    if (!this.ouvinte) return;
    await this.ouvinte(m).catch((e: Error) => this.registro.warn(`mudança de ${m.destino} não publicada: ${e.message}`));
  }

  /** Marks it available in the shared state; the replica that made the transition tells the others. */
  private async registrarDisponivel(destino: string): Promise<void> {
    // The moment by the shared state's clock, as the outage's start was: nfe-service compares them.
    const voltouEm = await this.repo.registrarDisponivel(destino);
    if (voltouEm) await this.avisar({ destino, disponivel: true, motivo: null, desde: voltouEm });
  }

  async registrarFalha(destino: string, motivo: string): Promise<void> {
    if (this.indisponiveis.has(destino)) return;
    this.indisponiveis.add(destino);
    metricas.autorizadorDisponivel().set({ autorizador: destino }, 0);
    this.registro.warn(`${destino} indisponível: ${motivo}`);
    await this.repo
      .registrarFalha(destino, motivo, this.o.primeiraSondagemMs)
      .catch((e: Error) => this.registro.warn(`estado de ${destino} não gravado: ${e.message}`));
  }

  async registrarOperacao(destino: string): Promise<void> {
    const soNoBanco = !this.indisponiveis.has(destino) && this.indisponiveisNoBanco.delete(destino);
    if (soNoBanco)
      return this.registrarDisponivel(destino).catch((e: Error) => this.registro.warn(`estado de ${destino} não gravado: ${e.message}`));
    if (!this.indisponiveis.has(destino)) return;
    this.marcarDisponivelLocal(destino);
    this.registro.log(`${destino} disponível novamente`);
    await this.registrarDisponivel(destino).catch((e: Error) => this.registro.warn(`estado de ${destino} não gravado: ${e.message}`));
  }

  /**
   * Resolves when the authorizer may be called: at once when it is available; else after a probe
   * (this command's or anyone's) finds it in operation. Throws ErroServicoIndisponivel when it stays
   * down for this command's whole wait.
   */
  async aguardar(destino: string, sondar: Sondador, sondarSvc?: Sondador): Promise<void> {
    if (this.o.vigilanciaMs) this.registrarTrafego(destino, sondar, sondarSvc);
    if (!this.indisponiveis.has(destino)) return;
    metricas.sondagensAutorizador().inc({ autorizador: destino, resultado: 'evitada' });
    const vigia = this.vigiar(destino, sondar);
    if (sondarSvc) vigia.sondadoresSvc.push(sondarSvc);
    const aguardando = metricas.comandosAguardandoAutorizador();
    aguardando.inc({ autorizador: destino });
    let relogio: NodeJS.Timeout | undefined;
    try {
      const expirou = await Promise.race([
        vigia.liberado.then(() => false),
        new Promise<boolean>((r) => {
          relogio = setTimeout(() => r(true), this.o.esperaMaximaMs);
        }),
      ]);
      if (expirou) throw new ErroServicoIndisponivel(`Autorizador ${destino} indisponível: ${vigia.motivo}`);
    } finally {
      clearTimeout(relogio);
      aguardando.dec({ autorizador: destino });
      const i = vigia.sondadores.indexOf(sondar);
      if (i >= 0) vigia.sondadores.splice(i, 1);
      const j = sondarSvc ? vigia.sondadoresSvc.indexOf(sondarSvc) : -1;
      if (j >= 0) vigia.sondadoresSvc.splice(j, 1);
    }
  }

  /**
   * Down for contingency only when its SVC answers: when the SVC does not either (our own network, a
   * stopped simulator) switching would only move the wait elsewhere, so the notes keep their keys.
   */
  private async contingenciaSeSvcResponde(destino: string, sondarSvc: Sondador | undefined, motivo: string, desde: Date): Promise<void> {
    if (!sondarSvc) return;
    metricas.sondagensAutorizador().inc({ autorizador: destino, resultado: 'svc' });
    const r = await sondarSvc().catch((e: Error): ResultadoSondagem => ({ disponivel: false, motivo: e.message }));
    if ('disponivel' in r && r.disponivel) return this.avisar({ destino, disponivel: false, motivo, desde });
    this.registro.warn(
      `${destino} indisponível e a SVC também não responde: sem contingência (${'motivo' in r ? r.motivo : 'inconclusiva'})`,
    );
  }

  /** True while this process knows the authorizer as unavailable. */
  indisponivel(destino: string): boolean {
    return this.indisponiveis.has(destino);
  }

  private marcarDisponivelLocal(destino: string) {
    this.indisponiveis.delete(destino);
    metricas.autorizadorDisponivel().set({ autorizador: destino }, 1);
    const v = this.vigias.get(destino);
    if (v) {
      this.vigias.delete(destino);
      v.liberar();
    }
  }

  /** One watcher per authorizer in this process: reads the shared state, probes when it holds the lease. */
  private vigiar(destino: string, sondar: () => Promise<ResultadoSondagem>): Vigia {
    const existente = this.vigias.get(destino);
    if (existente) {
      existente.sondadores.push(sondar);
      return existente;
    }
    let liberar!: () => void;
    const liberado = new Promise<void>((r) => (liberar = r));
    const vigia: Vigia = { sondadores: [sondar], sondadoresSvc: [], liberar, liberado, motivo: 'sem resposta' };
    this.vigias.set(destino, vigia);
    void this.laco(destino, vigia).catch((e: Error) => {
      this.registro.warn(`vigia de ${destino} parou: ${e.message}`);
      if (this.vigias.get(destino) === vigia) this.vigias.delete(destino);
    });
    return vigia;
  }

  private async laco(destino: string, vigia: Vigia): Promise<void> {
    while (this.vigias.get(destino) === vigia) {
      if (!vigia.sondadores.length) {
        // Nobody waits in this process: the watcher stops (the next waiter starts another).
        this.vigias.delete(destino);
        return;
      }
      const passo = await this.passoSondagem(
        destino,
        () => vigia.sondadores[vigia.sondadores.length - 1],
        () => vigia.sondadoresSvc[vigia.sondadoresSvc.length - 1],
        (motivo) => (vigia.motivo = motivo),
      );
      if (passo === 'disponivel') return;
      await new Promise<void>((r) => setTimeout(r, passo));
    }
  }

  /**
   * One step of the shared probing of an authorizer marked down: reads the shared state (available:
   * released here too); when a probe is due and this process takes the lease, probes with `sondador()`
   * and records the outcome (a failure past the threshold tells the contingency, if its SVC answers).
   * Returns 'disponivel', or how long to wait before the next step.
   */
  private async passoSondagem(
    destino: string,
    sondador: () => Sondador | undefined,
    sondadorSvc: () => Sondador | undefined,
    aoMotivo: (m: string) => void,
  ): Promise<'disponivel' | number> {
    const estado = await this.repo.obter(destino);
    if (!estado || estado.disponivel) {
      this.indisponiveisNoBanco.delete(destino);
      this.marcarDisponivelLocal(destino);
      return 'disponivel';
    }
    if (estado.motivo) aoMotivo(estado.motivo);
    const espera = Math.max(50, Math.min(this.o.releituraMs, estado.proximaSondagemEmMs));
    if (estado.proximaSondagemEmMs > 0 || !(await this.repo.reivindicarSondagem(destino, this.o.leaseSondagemMs))) return espera;
    const sondar = sondador();
    if (!sondar) {
      await this.repo.liberarSondagem(destino);
      return 0;
    }
    metricas.sondagensAutorizador().inc({ autorizador: destino, resultado: 'enviada' });
    const r = await sondar().catch((e: Error): ResultadoSondagem => ({ disponivel: false, motivo: e.message }));
    if ('inconclusiva' in r) {
      await this.repo.liberarSondagem(destino);
      return 50;
    }
    if (r.disponivel) {
      this.registro.log(`${destino} respondeu à sondagem: disponível`);
      this.indisponiveisNoBanco.delete(destino);
      this.marcarDisponivelLocal(destino);
      await this.registrarDisponivel(destino);
      return 'disponivel';
    }
    aoMotivo(r.motivo);
    const proxima = recuoSondagem(estado.falhasSeguidas, this.o);
    const depois = await this.repo.sondagemFalhou(destino, r.motivo, proxima);
    // Told again after every failed probe past the threshold: a lost message is repaired by the next one.
    if (depois && depois.falhasSeguidas >= FALHAS_PARA_CONTINGENCIA)
      await this.contingenciaSeSvcResponde(destino, sondadorSvc(), r.motivo, depois.desde);
    return Math.min(this.o.releituraMs, proxima);
  }

  private registrarTrafego(destino: string, sondar: Sondador, sondarSvc?: Sondador): void {
    const t = this.trafego.get(destino);
    if (t) return void Object.assign(t, { sondar, sondarSvc: sondarSvc ?? t.sondarSvc, ultimoUso: this.agora() });
    // The first watch one interval after the first call: that call just said how it is.
    this.trafego.set(destino, {
      sondar,
      sondarSvc,
      ultimoUso: this.agora(),
      proximaVigilancia: this.agora() + (this.o.vigilanciaMs ?? 0),
      emCurso: false,
    });
  }

  /**
   * One round of the watch (every 2 × releituraMs when vigilanciaMs is set): each authorizer called
   * within the window, or still marked down, and with no command waiting for it here (their watcher
   * probes), gets its probe when due — one replica at a time, through the shared lease.
   */
  async vigiarTrafego(): Promise<void> {
    const agora = this.agora();
    const janela = this.o.janelaTrafegoMs ?? JANELA_TRAFEGO_PADRAO_MS;
    const rodada: Promise<void>[] = [];
    for (const [destino, t] of this.trafego) {
      const marcado = this.indisponiveis.has(destino) || this.indisponiveisNoBanco.has(destino);
      if (!marcado && agora - t.ultimoUso > janela) {
        this.trafego.delete(destino);
        continue;
      }
      if (t.emCurso || this.vigias.has(destino) || (!marcado && agora < t.proximaVigilancia)) continue;
      t.emCurso = true;
      rodada.push(
        (marcado
          ? this.passoSondagem(
              destino,
              () => t.sondar,
              () => t.sondarSvc,
              () => undefined,
            ).then(() => undefined)
          : this.vigiarDisponivel(destino, t)
        )
          .catch((e: Error) => this.registro.warn(`vigilância de ${destino}: ${e.message}`))
          .finally(() => (t.emCurso = false)),
      );
    }
    await Promise.all(rodada);
  }

  /** The watch of an available authorizer: a status probe when no replica made one for an interval. */
  private async vigiarDisponivel(destino: string, t: Trafego): Promise<void> {
    const intervalo = this.o.vigilanciaMs ?? 0;
    const vez = await this.repo.reivindicarVigilancia(destino, intervalo, this.o.leaseSondagemMs);
    // Never sooner than a re-read: the lease may be held past its schedule (a probe in flight elsewhere).
    t.proximaVigilancia = this.agora() + Math.max(vez.proximaEmMs, Math.min(this.o.releituraMs, intervalo));
    if (!vez.reivindicada) return;
    metricas.sondagensAutorizador().inc({ autorizador: destino, resultado: 'vigilancia' });
    const r = await t.sondar().catch((e: Error): ResultadoSondagem => ({ disponivel: false, motivo: e.message }));
    if ('inconclusiva' in r) return this.repo.concluirVigilancia(destino, false);
    if (r.disponivel) return this.repo.concluirVigilancia(destino, true);
    // Down (the probe's own call already marked it on a communication failure or 108/109): from now on
    // the outage's probing, on its back-off; the watch's lease goes with the transition.
    this.registro.warn(`${destino} não respondeu à vigilância: ${r.motivo}`);
    await this.registrarFalha(destino, r.motivo);
    await this.repo.concluirVigilancia(destino, false);
  }
}
