import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Agrupador } from '@emissor/plataforma';
import { type Executor, linhas } from '../banco/sql';

/** A job as RabbitMQ needs it. */
export interface TrabalhoEntrega {
  id: string;
  endpointId: string;
  versao: number;
  proximaEm: Date;
}

export interface EntregaReservada {
  id: string;
  endpointId: string;
  versao: number;
  /** Number of this attempt (1 for the first). */
  numero: number;
  etapa: number;
  tipo: string;
  url: string;
  chaveCifrada: Buffer;
  corpo: string;
}

export type EstadoSemReserva = { tipo: 'obsoleta' } | { tipo: 'endpoint_inativo' } | { tipo: 'ocupada'; ate: Date };

export interface Resultado {
  iniciadaEm: Date;
  duracaoMs: number;
  status: number | null;
  erro: string | null;
}

const trabalho = (r: { id: string; endpoint_id: string; versao: number; proxima_tentativa_em: Date }): TrabalhoEntrega => ({
  id: r.id,
  endpointId: r.endpoint_id,
  versao: r.versao,
  proximaEm: r.proxima_tentativa_em,
});

/**
 * The delivery log in PostgreSQL: the source of truth for every job. Hand-written SQL because each
 * step of the hot path is one statement (claim, then result + attempt), fenced by `versao`.
 */
export interface EventoParaRegistrar {
  eventId: string;
  tipo: string;
  contaId: string;
  empresaId: string;
  /** The exact webhook body. */
  corpo: string;
}

interface PedidoReserva {
  id: string;
  versao: number;
  arrendamentoMs: number;
}

interface Conclusao {
  r: EntregaReservada;
  res: Resultado;
  situacao: 'entregue' | 'falhou' | 'pendente';
  proximaEm?: Date;
}

@Injectable()
export class RepositorioEntregas {
  /** Claims and outcomes of jobs handled at the same moment go to PostgreSQL as one statement each. */
  private readonly registros = new Agrupador<EventoParaRegistrar, TrabalhoEntrega[]>((l) => this.registrarLote(l));
  private readonly reservas = new Agrupador<PedidoReserva, EntregaReservada | undefined>((l) => this.reservarLote(l));
  private readonly conclusoes = new Agrupador<Conclusao, number | undefined>((l) => this.concluirLote(l));

  constructor(@InjectDataSource() private readonly banco: DataSource) {}

  /**
   * Records events and their jobs, one per active endpoint of the company subscribed to the type,
   * idempotently (JetStream redelivers), in one statement per batch of events. Returns, per event, its
   * jobs not yet confirmed by RabbitMQ: the new ones, plus any a previous delivery of the event left
   * unpublished (the last SELECT sees the table as it was before the statement, so nothing comes twice).
   * The body is kept only when someone will receive it.
   */
  registrarEvento(e: EventoParaRegistrar): Promise<TrabalhoEntrega[]> {
    return this.registros.executar(e);
  }

  private async registrarLote(lote: EventoParaRegistrar[]): Promise<TrabalhoEntrega[][]> {
    const unicos = [...new Map(lote.map((e) => [e.eventId, e])).values()];
    const col = <T>(f: (e: EventoParaRegistrar) => T) => unicos.map(f);
    const pendentes = await linhas(
      this.banco,
      `WITH ev AS (
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::uuid[], $5::text[]) AS ev(event_id, tipo, empresa_id, conta_id, corpo)
       ), alvos AS (
         SELECT ev.event_id, ev.tipo, p.id AS endpoint_id
           FROM ev JOIN webhooks.endpoints p
             ON p.empresa_id = ev.empresa_id AND p.conta_id = ev.conta_id AND p.ativo AND p.removido_em IS NULL
            AND (p.eventos IS NULL OR ev.tipo = ANY (p.eventos))
       ), evento AS (
         INSERT INTO webhooks.eventos (event_id, tipo, conta_id, empresa_id, corpo)
         SELECT ev.event_id, ev.tipo, ev.conta_id, ev.empresa_id, ev.corpo FROM ev
          WHERE EXISTS (SELECT 1 FROM alvos a WHERE a.event_id = ev.event_id)
         ON CONFLICT (event_id) DO NOTHING
       ), novas AS (
         INSERT INTO webhooks.entregas (id, endpoint_id, event_id, tipo)
         SELECT gen_random_uuid(), a.endpoint_id, a.event_id, a.tipo FROM alvos a
         ON CONFLICT (endpoint_id, event_id) DO NOTHING
         RETURNING id, endpoint_id, event_id, versao, proxima_tentativa_em
       )
       SELECT * FROM novas
       UNION ALL
       SELECT id, endpoint_id, event_id, versao, proxima_tentativa_em FROM webhooks.entregas
        WHERE event_id = ANY ($1::uuid[]) AND situacao = 'pendente' AND publicado_em IS NULL`,
      [col((e) => e.eventId), col((e) => e.tipo), col((e) => e.empresaId), col((e) => e.contaId), col((e) => e.corpo)],
    );
    const porEvento = new Map<string, TrabalhoEntrega[]>();
    for (const l of pendentes) {
      const lista = porEvento.get(l.event_id) ?? [];
      lista.push(trabalho(l));
      porEvento.set(l.event_id, lista);
    }
    // A redelivered copy of an event in the same batch gets nothing: the other copy publishes.
    return lote.map((e) => {
      const t = porEvento.get(e.eventId) ?? [];
      porEvento.delete(e.eventId);
      return t;
    });
  }

  async marcarPublicadas(trabalhos: Pick<TrabalhoEntrega, 'id' | 'versao'>[]): Promise<void> {
    if (!trabalhos.length) return;
    await linhas(
      this.banco,
      `UPDATE webhooks.entregas e SET publicado_em = now()
         FROM unnest($1::uuid[], $2::int[]) AS t(id, versao)
        WHERE e.id = t.id AND e.versao = t.versao`,
      [trabalhos.map((t) => t.id), trabalhos.map((t) => t.versao)],
    );
  }

  /** Publication failed (or was not tried): the sweep will publish them. */
  async marcarNaoPublicadas(trabalhos: Pick<TrabalhoEntrega, 'id' | 'versao'>[]): Promise<void> {
    if (!trabalhos.length) return;
    await linhas(
      this.banco,
      `UPDATE webhooks.entregas e SET publicado_em = NULL
         FROM unnest($1::uuid[], $2::int[]) AS t(id, versao)
        WHERE e.id = t.id AND e.versao = t.versao AND e.publicado_em IS NOT NULL`,
      [trabalhos.map((t) => t.id), trabalhos.map((t) => t.versao)],
    );
  }

  /**
   * Takes the lease of an attempt: only the current version of a pending job whose lease is free,
   * for an endpoint still active. Any other copy of the same message finds it taken.
   */
  reservar(id: string, versao: number, arrendamentoMs: number): Promise<EntregaReservada | undefined> {
    return this.reservas.executar({ id, versao, arrendamentoMs });
  }

  private async reservarLote(lote: PedidoReserva[]): Promise<(EntregaReservada | undefined)[]> {
    const reservadas = await linhas(
      this.banco,
      `UPDATE webhooks.entregas e
          SET em_andamento_ate = now() + make_interval(secs => $3::double precision / 1000), tentativas = e.tentativas + 1, atualizado_em = now()
         FROM unnest($1::uuid[], $2::int[]) AS t(id, versao), webhooks.endpoints p, webhooks.eventos v
        WHERE e.id = t.id AND e.versao = t.versao AND e.situacao = 'pendente'
          AND (e.em_andamento_ate IS NULL OR e.em_andamento_ate < now())
          AND p.id = e.endpoint_id AND p.ativo AND p.removido_em IS NULL
          AND v.event_id = e.event_id
      RETURNING e.id, e.endpoint_id, e.versao, e.tentativas, e.etapa, e.tipo, p.url, p.chave_cifrada, v.corpo`,
      [lote.map((l) => l.id), lote.map((l) => l.versao), lote[0].arrendamentoMs],
    );
    const porId = new Map(reservadas.map((l) => [l.id as string, l]));
    // Two copies of one job in the same batch: the row was updated once, so only the first copy gets it.
    return lote.map((pedido) => {
      const linha = porId.get(pedido.id);
      if (!linha || linha.versao !== pedido.versao) return undefined;
      porId.delete(pedido.id);
      return {
        id: linha.id,
        endpointId: linha.endpoint_id,
        versao: linha.versao,
        numero: linha.tentativas,
        etapa: linha.etapa,
        tipo: linha.tipo,
        url: linha.url,
        chaveCifrada: linha.chave_cifrada,
        corpo: linha.corpo,
      };
    });
  }

  /** Why a claim failed. */
  async estado(id: string, versao: number): Promise<EstadoSemReserva> {
    const [l] = await linhas(
      this.banco,
      `SELECT e.situacao, e.versao, e.em_andamento_ate, e.em_andamento_ate > now() AS ocupada, (p.ativo AND p.removido_em IS NULL) AS endpoint_ativo
         FROM webhooks.entregas e JOIN webhooks.endpoints p ON p.id = e.endpoint_id WHERE e.id = $1`,
      [id],
    );
    if (!l || l.situacao !== 'pendente' || l.versao !== versao) return { tipo: 'obsoleta' };
    if (!l.endpoint_ativo) return { tipo: 'endpoint_inativo' };
    if (l.ocupada) return { tipo: 'ocupada', ate: l.em_andamento_ate };
    return { tipo: 'obsoleta' };
  }

  async cancelar(id: string, versao: number): Promise<void> {
    await linhas(
      this.banco,
      `UPDATE webhooks.entregas SET situacao = 'cancelada', em_andamento_ate = NULL, atualizado_em = now() WHERE id = $1 AND versao = $2 AND situacao = 'pendente'`,
      [id, versao],
    );
  }

  /** Records the attempt and the job's new state in one statement. Returns false when the job changed meanwhile (redelivery asked). */
  private async concluir(
    executor: Executor,
    r: EntregaReservada,
    res: Resultado,
    novo: { situacao: 'entregue' | 'falhou' | 'pendente'; proximaEm?: Date },
  ): Promise<number | undefined> {
    const reagendar = novo.situacao === 'pendente';
    const [linha] = await linhas(
      executor,
      `WITH t AS (
         INSERT INTO webhooks.tentativas (entrega_id, numero, iniciada_em, duracao_ms, status_http, erro) VALUES ($1, $3, $4, $5, $6, $7)
       )
       UPDATE webhooks.entregas SET
         situacao = $8,
         versao = versao + $9::int,
         etapa = etapa + $9::int,
         proxima_tentativa_em = coalesce($10, proxima_tentativa_em),
         em_andamento_ate = NULL,
         publicado_em = CASE WHEN $9::int = 1 THEN NULL ELSE publicado_em END,
         entregue_em = CASE WHEN $8 = 'entregue' THEN now() ELSE entregue_em END,
         atualizado_em = now()
       WHERE id = $1 AND versao = $2
       RETURNING versao`,
      [
        r.id,
        r.versao,
        r.numero,
        res.iniciadaEm,
        res.duracaoMs,
        res.status,
        res.erro,
        novo.situacao,
        reagendar ? 1 : 0,
        novo.proximaEm ?? null,
      ],
    );
    return linha?.versao;
  }

  /** Records the attempt and the job's new state; returns the new version, or undefined when the job changed meanwhile (redelivery asked). */
  concluirEntregue(r: EntregaReservada, res: Resultado) {
    return this.conclusoes.executar({ r, res, situacao: 'entregue' });
  }

  concluirFalha(r: EntregaReservada, res: Resultado) {
    return this.conclusoes.executar({ r, res, situacao: 'falhou' });
  }

  /** Returns the new version to publish, or undefined when the job changed meanwhile. */
  reagendar(r: EntregaReservada, res: Resultado, proximaEm: Date) {
    return this.conclusoes.executar({ r, res, situacao: 'pendente', proximaEm });
  }

  private async concluirLote(lote: Conclusao[]): Promise<(number | undefined)[]> {
    const col = <T>(f: (c: Conclusao) => T) => lote.map(f);
    const atualizadas = await linhas(
      this.banco,
      `WITH d AS (
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[], $9::int[], $10::timestamptz[])
           AS d(id, versao, numero, iniciada_em, duracao_ms, status_http, erro, situacao, reagendar, proxima)
       ), t AS (
         INSERT INTO webhooks.tentativas (entrega_id, numero, iniciada_em, duracao_ms, status_http, erro)
         SELECT id, numero, iniciada_em, duracao_ms, status_http, erro FROM d
       )
       UPDATE webhooks.entregas e SET
         situacao = d.situacao,
         versao = e.versao + d.reagendar,
         etapa = e.etapa + d.reagendar,
         proxima_tentativa_em = coalesce(d.proxima, e.proxima_tentativa_em),
         em_andamento_ate = NULL,
         publicado_em = CASE WHEN d.reagendar = 1 THEN NULL ELSE e.publicado_em END,
         entregue_em = CASE WHEN d.situacao = 'entregue' THEN now() ELSE e.entregue_em END,
         atualizado_em = now()
        FROM d
       WHERE e.id = d.id AND e.versao = d.versao
      RETURNING e.id, e.versao`,
      [
        col((c) => c.r.id),
        col((c) => c.r.versao),
        col((c) => c.r.numero),
        col((c) => c.res.iniciadaEm),
        col((c) => c.res.duracaoMs),
        col((c) => c.res.status),
        col((c) => c.res.erro),
        col((c) => c.situacao),
        col((c) => (c.situacao === 'pendente' ? 1 : 0)),
        col((c) => c.proximaEm ?? null),
      ],
    );
    const versoes = new Map(atualizadas.map((l) => [l.id as string, l.versao as number]));
    return lote.map((c) => versoes.get(c.r.id));
  }

  /** 410 Gone: the receiver says the endpoint is gone for good. Disable it and cancel what it still had pending. */
  async concluirGone(r: EntregaReservada, res: Resultado): Promise<void> {
    await this.banco.transaction(async (tx) => {
      await this.concluir(tx, r, res, { situacao: 'falhou' });
      await tx.query(`UPDATE webhooks.endpoints SET ativo = false, desativado_em = now(), desativado_motivo = $2 WHERE id = $1 AND ativo`, [
        r.endpointId,
        `O receptor respondeu 410 Gone em ${res.iniciadaEm.toISOString()}`,
      ]);
      await tx.query(
        `UPDATE webhooks.entregas SET situacao = 'cancelada', em_andamento_ate = NULL, atualizado_em = now() WHERE endpoint_id = $1 AND situacao = 'pendente'`,
        [r.endpointId],
      );
    });
  }

  /**
   * Jobs RabbitMQ may not have: never confirmed (crash or broker down between commit and publish),
   * or due long ago and still pending (lost by the broker). Marks them published and returns them;
   * duplicates this creates are harmless (the version fences them).
   */
  async paraRepublicar(republicarAposS: number, limite: number): Promise<TrabalhoEntrega[]> {
    const rows = await linhas(
      this.banco,
      `UPDATE webhooks.entregas e SET publicado_em = now()
        WHERE e.id IN (
          SELECT id FROM webhooks.entregas
           WHERE situacao = 'pendente'
             AND (em_andamento_ate IS NULL OR em_andamento_ate < now())
             AND ((publicado_em IS NULL AND atualizado_em < now() - interval '3 seconds')
               OR (proxima_tentativa_em < now() - make_interval(secs => $1) AND publicado_em < now() - make_interval(secs => $1)))
           ORDER BY proxima_tentativa_em
           LIMIT $2
           FOR UPDATE SKIP LOCKED)
      RETURNING e.id, e.endpoint_id, e.versao, e.proxima_tentativa_em`,
      [republicarAposS, limite],
    );
    return rows.map(trabalho);
  }
}
