import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** What every replica knows of one authorizer (destination kind, authorizer, environment). */
export interface EstadoAutorizador {
  destino: string;
  disponivel: boolean;
  falhasSeguidas: number;
  /** Milliseconds until the next status probe may go (0: due now). */
  proximaSondagemEmMs: number;
  motivo: string | null;
  desde: Date;
  verificadoEm: Date;
}

/**
 * The authorizers' availability (table sefaz.autorizadores), shared by every replica: one status probe
 * in flight per authorizer (a lease taken by one UPDATE), the next one after a back-off.
 */
export interface RepositorioAutorizadores {
  obter(destino: string): Promise<EstadoAutorizador | null>;
  /** Marks it unavailable (first failure: next probe after `primeiraSondagemMs`). */
  registrarFalha(destino: string, motivo: string, primeiraSondagemMs: number): Promise<void>;
  /**
   * Marks it available. When it was unavailable (this call made the transition): the moment it came back,
   * by the shared state's clock, the same clock as the outage's start (`desde`), which nfe-service compares
   * them by; null otherwise.
   */
  registrarDisponivel(destino: string): Promise<Date | null>;
  /** Every authorizer the shared state holds as unavailable (what this process may not have seen itself). */
  listarIndisponiveis(): Promise<string[]>;
  /** Takes the probe lease when a probe is due and none is in flight; true when this caller probes. */
  reivindicarSondagem(destino: string, leaseMs: number): Promise<boolean>;
  /** The probe failed: next one after `proximaEmMs`, lease released. Returns the failures in a row and since when it is down (null: it is not). */
  sondagemFalhou(destino: string, motivo: string, proximaEmMs: number): Promise<{ falhasSeguidas: number; desde: Date } | null>;
  /** The probe could not judge the authorizer (e.g. that company's certificate was refused): lease released only. */
  liberarSondagem(destino: string): Promise<void>;
  /**
   * The watch of an authorizer in use and available (no command waiting for it): takes the same probe
   * lease when no replica probed it for `intervaloMs` (creating its row), and schedules the next watch.
   * `proximaEmMs`: when the next watch is due as the shared state says (the caller sleeps until then).
   */
  reivindicarVigilancia(destino: string, intervaloMs: number, leaseMs: number): Promise<{ reivindicada: boolean; proximaEmMs: number }>;
  /** The watch ended while the authorizer is still available: lease released; `verificado` (it answered 107) refreshes verificado_em. */
  concluirVigilancia(destino: string, verificado: boolean): Promise<void>;
}

interface Linha {
  destino: string;
  disponivel: boolean;
  falhas_seguidas: number;
  proxima_ms: number;
  motivo: string | null;
  desde: Date;
  verificado_em: Date;
}

@Injectable()
export class RepositorioAutorizadoresPg implements RepositorioAutorizadores {
  constructor(private readonly banco: DataSource) {}

  async obter(destino: string): Promise<EstadoAutorizador | null> {
    const [l]: Linha[] = await this.banco.query(
      `SELECT destino, disponivel, falhas_seguidas, motivo, desde, verificado_em,
              GREATEST(0, EXTRACT(EPOCH FROM (proxima_sondagem_em - now())) * 1000)::int AS proxima_ms
         FROM sefaz.autorizadores WHERE destino = $1`,
      [destino],
    );
    if (!l) return null;
    return {
      destino: l.destino,
      disponivel: l.disponivel,
      falhasSeguidas: l.falhas_seguidas,
      proximaSondagemEmMs: l.proxima_ms,
      motivo: l.motivo,
      desde: l.desde,
      verificadoEm: l.verificado_em,
    };
  }

  async registrarFalha(destino: string, motivo: string, primeiraSondagemMs: number): Promise<void> {
    await this.banco.query(
      `INSERT INTO sefaz.autorizadores AS a (destino, disponivel, falhas_seguidas, proxima_sondagem_em, motivo, desde, verificado_em)
       VALUES ($1, false, 1, now() + make_interval(secs => $3::double precision / 1000), $2, now(), now())
       ON CONFLICT (destino) DO UPDATE SET
         motivo = EXCLUDED.motivo, verificado_em = now(),
         disponivel = false,
         falhas_seguidas = CASE WHEN a.disponivel THEN 1 ELSE a.falhas_seguidas END,
         proxima_sondagem_em = CASE WHEN a.disponivel THEN EXCLUDED.proxima_sondagem_em ELSE a.proxima_sondagem_em END,
         -- The lease of a watch (taken while it was available) must not hold the first probe of the outage.
         sondando_ate = CASE WHEN a.disponivel THEN NULL ELSE a.sondando_ate END,
         desde = CASE WHEN a.disponivel THEN now() ELSE a.desde END`,
      [destino, motivo.slice(0, 500), primeiraSondagemMs],
    );
  }

  async listarIndisponiveis(): Promise<string[]> {
    const linhas: { destino: string }[] = await this.banco.query(`SELECT destino FROM sefaz.autorizadores WHERE NOT disponivel`);
    return linhas.map((l) => l.destino);
  }

  async registrarDisponivel(destino: string): Promise<Date | null> {
    // `antes` is the statement's snapshot: the state before this change (two replicas may both see the
    // transition; telling it twice is harmless, the receiver is idempotent).
    const [l]: { antes: boolean | null; agora: Date }[] = await this.banco.query(
      `WITH antes AS (SELECT disponivel FROM sefaz.autorizadores WHERE destino = $1)
       INSERT INTO sefaz.autorizadores AS a (destino, disponivel, falhas_seguidas, desde, verificado_em)
       VALUES ($1, true, 0, now(), now())
       ON CONFLICT (destino) DO UPDATE SET
         disponivel = true, falhas_seguidas = 0, sondando_ate = NULL, motivo = NULL, verificado_em = now(),
         desde = CASE WHEN a.disponivel THEN a.desde ELSE now() END
       RETURNING (SELECT disponivel FROM antes) AS antes, now() AS agora`,
      [destino],
    );
    return l?.antes === false ? l.agora : null;
  }

  async reivindicarSondagem(destino: string, leaseMs: number): Promise<boolean> {
    const [, n] = await this.banco.query(
      `UPDATE sefaz.autorizadores SET sondando_ate = now() + make_interval(secs => $2::double precision / 1000)
        WHERE destino = $1 AND NOT disponivel AND proxima_sondagem_em <= now() AND (sondando_ate IS NULL OR sondando_ate < now())`,
      [destino, leaseMs],
    );
    return n === 1;
  }

  async sondagemFalhou(destino: string, motivo: string, proximaEmMs: number): Promise<{ falhasSeguidas: number; desde: Date } | null> {
    const [linhas]: [{ falhas_seguidas: number; desde: Date }[], number] = await this.banco.query(
      `UPDATE sefaz.autorizadores SET falhas_seguidas = falhas_seguidas + 1, sondando_ate = NULL, motivo = $2, verificado_em = now(),
              proxima_sondagem_em = now() + make_interval(secs => $3::double precision / 1000)
        WHERE destino = $1 AND NOT disponivel
        RETURNING falhas_seguidas, desde`,
      [destino, motivo.slice(0, 500), proximaEmMs],
    );
    const l = linhas?.[0];
    return l ? { falhasSeguidas: l.falhas_seguidas, desde: l.desde } : null;
  }

  async liberarSondagem(destino: string): Promise<void> {
    await this.banco.query(`UPDATE sefaz.autorizadores SET sondando_ate = NULL WHERE destino = $1`, [destino]);
  }

  async reivindicarVigilancia(
    destino: string,
    intervaloMs: number,
    leaseMs: number,
  ): Promise<{ reivindicada: boolean; proximaEmMs: number }> {
    // For an available row proxima_sondagem_em is free (the outage's back-off rewrites it on the first
    // failure): it holds the next watch. The outer SELECT reads the snapshot before the upsert.
    const [l]: { reivindicada: boolean; proxima_ms: number | null }[] = await this.banco.query(
      `WITH tomada AS (
         INSERT INTO sefaz.autorizadores AS a (destino, disponivel, falhas_seguidas, proxima_sondagem_em, sondando_ate, desde, verificado_em)
         VALUES ($1, true, 0, now() + make_interval(secs => $2::double precision / 1000), now() + make_interval(secs => $3::double precision / 1000), now(), now())
         ON CONFLICT (destino) DO UPDATE SET proxima_sondagem_em = EXCLUDED.proxima_sondagem_em, sondando_ate = EXCLUDED.sondando_ate
         WHERE a.disponivel AND a.proxima_sondagem_em <= now() AND (a.sondando_ate IS NULL OR a.sondando_ate < now())
         RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM tomada) AS reivindicada,
              (SELECT GREATEST(0, EXTRACT(EPOCH FROM (proxima_sondagem_em - now())) * 1000)::int FROM sefaz.autorizadores WHERE destino = $1) AS proxima_ms`,
      [destino, intervaloMs, leaseMs],
    );
    return l.reivindicada ? { reivindicada: true, proximaEmMs: intervaloMs } : { reivindicada: false, proximaEmMs: l.proxima_ms ?? 0 };
  }

  async concluirVigilancia(destino: string, verificado: boolean): Promise<void> {
    await this.banco.query(
      `UPDATE sefaz.autorizadores SET sondando_ate = NULL, verificado_em = CASE WHEN $2::boolean THEN now() ELSE verificado_em END WHERE destino = $1 AND disponivel`,
      [destino, verificado],
    );
  }
}
