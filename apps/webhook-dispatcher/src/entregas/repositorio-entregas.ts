import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
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

export type EstadoSemReserva =
  | { tipo: 'obsoleta' }
  | { tipo: 'endpoint_inativo' }
  | { tipo: 'ocupada'; ate: Date };

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
@Injectable()
export class RepositorioEntregas {
  constructor(@InjectDataSource() private readonly banco: DataSource) {}

  /**
   * Records an event and its jobs, one per active endpoint of the company subscribed to its type,
   * idempotently (JetStream redelivers). Returns the jobs of this event not yet confirmed by RabbitMQ.
   */
  async registrarEvento(e: { eventId: string; tipo: string; contaId: string; empresaId: string; corpo: string }): Promise<TrabalhoEntrega[]> {
    return this.banco.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO webhooks.eventos (event_id, tipo, conta_id, empresa_id, corpo) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`,
        [e.eventId, e.tipo, e.contaId, e.empresaId, e.corpo],
      );
      await tx.query(
        `INSERT INTO webhooks.entregas (id, endpoint_id, event_id, tipo)
         SELECT gen_random_uuid(), p.id, $1, $2 FROM webhooks.endpoints p
          WHERE p.empresa_id = $3 AND p.conta_id = $4 AND p.ativo AND p.removido_em IS NULL
            AND (p.eventos IS NULL OR $2 = ANY (p.eventos))
         ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
        [e.eventId, e.tipo, e.empresaId, e.contaId],
      );
      const pendentes = await linhas(
        tx,
        `SELECT id, endpoint_id, versao, proxima_tentativa_em FROM webhooks.entregas
          WHERE event_id = $1 AND situacao = 'pendente' AND publicado_em IS NULL`,
        [e.eventId],
      );
      return pendentes.map(trabalho);
    });
  }

  async marcarPublicadas(trabalhos: Pick<TrabalhoEntrega, 'id' | 'versao'>[]): Promise<void> {
    if (!trabalhos.length) return;
    await this.banco.query(
      `UPDATE webhooks.entregas e SET publicado_em = now()
         FROM unnest($1::uuid[], $2::int[]) AS t(id, versao)
        WHERE e.id = t.id AND e.versao = t.versao`,
      [trabalhos.map((t) => t.id), trabalhos.map((t) => t.versao)],
    );
  }

  /** Publication failed: the sweep will publish it again. */
  async marcarNaoPublicada(t: Pick<TrabalhoEntrega, 'id' | 'versao'>): Promise<void> {
    await this.banco.query(`UPDATE webhooks.entregas SET publicado_em = NULL WHERE id = $1 AND versao = $2`, [t.id, t.versao]);
  }

  /**
   * Takes the lease of an attempt: only the current version of a pending job whose lease is free,
   * for an endpoint still active. Any other copy of the same message finds it taken.
   */
  async reservar(id: string, versao: number, arrendamentoMs: number): Promise<EntregaReservada | undefined> {
    const [linha] = await linhas(
      this.banco,
      `UPDATE webhooks.entregas e
          SET em_andamento_ate = now() + make_interval(secs => $3::double precision / 1000), tentativas = e.tentativas + 1, atualizado_em = now()
         FROM webhooks.endpoints p, webhooks.eventos v
        WHERE e.id = $1 AND e.versao = $2 AND e.situacao = 'pendente'
          AND (e.em_andamento_ate IS NULL OR e.em_andamento_ate < now())
          AND p.id = e.endpoint_id AND p.ativo AND p.removido_em IS NULL
          AND v.event_id = e.event_id
      RETURNING e.id, e.endpoint_id, e.versao, e.tentativas, e.etapa, e.tipo, p.url, p.chave_cifrada, v.corpo`,
      [id, versao, arrendamentoMs],
    );
    if (!linha) return undefined;
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
    await this.banco.query(
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
      [r.id, r.versao, r.numero, res.iniciadaEm, res.duracaoMs, res.status, res.erro, novo.situacao, reagendar ? 1 : 0, novo.proximaEm ?? null],
    );
    return linha?.versao;
  }

  concluirEntregue(r: EntregaReservada, res: Resultado) {
    return this.concluir(this.banco, r, res, { situacao: 'entregue' });
  }

  concluirFalha(r: EntregaReservada, res: Resultado) {
    return this.concluir(this.banco, r, res, { situacao: 'falhou' });
  }

  /** Returns the new version to publish, or undefined when the job changed meanwhile. */
  reagendar(r: EntregaReservada, res: Resultado, proximaEm: Date) {
    return this.concluir(this.banco, r, res, { situacao: 'pendente', proximaEm });
  }

  /** 410 Gone: the receiver says the endpoint is gone for good. Disable it and cancel what it still had pending. */
  async concluirGone(r: EntregaReservada, res: Resultado): Promise<void> {
    await this.banco.transaction(async (tx) => {
      await this.concluir(tx, r, res, { situacao: 'falhou' });
      await tx.query(
        `UPDATE webhooks.endpoints SET ativo = false, desativado_em = now(), desativado_motivo = $2 WHERE id = $1 AND ativo`,
        [r.endpointId, `O receptor respondeu 410 Gone em ${res.iniciadaEm.toISOString()}`],
      );
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
