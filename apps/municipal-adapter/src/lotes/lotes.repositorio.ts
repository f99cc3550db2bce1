import { Injectable } from '@nestjs/common';
import type { ComandoCancelarNfse, ComandoEnviarRps, ResultadoRps } from '@emissor/contracts';
import { DataSource, type EntityManager } from 'typeorm';

/** montado: formed, never sent; enviando: the send started (may have arrived); enviado: protocol known; ambiguo: may have arrived; concluido. */
export type SituacaoLote = 'montado' | 'enviando' | 'enviado' | 'ambiguo' | 'concluido';

export interface LinhaLote {
  id: string;
  numero_lote: string;
  empresa_id: string;
  sandbox: boolean;
  codigo_municipio: string;
  /** The provider every RPS of the batch goes by (decisions §10). */
  provedor: string;
  situacao: SituacaoLote;
  protocolo: string | null;
  tentativas: number;
}

export interface LinhaRps {
  nota_id: string;
  /** How many batches it joined: a requeued RPS waits longer each time. */
  envios: number;
  comando: ComandoEnviarRps;
}

/** What one batch shares: company, credential kind, municipality and provider. */
export interface GrupoFila {
  empresa_id: string;
  sandbox: boolean;
  codigo_municipio: string;
  provedor: string;
}

export interface GrupoNaFila extends GrupoFila {
  /** RPS waiting. */
  n: number;
  /** How long the oldest has waited. */
  idade_ms: number;
}

/** `ultimo_erro` keeps the start of the message: enough to see the cause, never a whole response body. */
const TAMANHO_ULTIMO_ERRO = 500;

export interface LinhaCancelamento {
  comando: ComandoCancelarNfse;
  tentativas: number;
  situacao: 'pendente' | 'concluido';
}

/**
 * Every SQL statement on the adapter's queue (schema `municipal`): the RPS queue (`rps`), the batches
 * (`lotes`) and the pending cancellations (`cancelamentos`); one method a statement. Which statements
 * commit together is the caller's choice (`emTransacao`): that is where the no-loss, no-duplicate
 * rules live (lotes/etapas-lote.ts), so it stays visible there.
 */
@Injectable()
export class RepositorioLotes {
  constructor(private readonly banco: DataSource) {}

  emTransacao<T>(trabalho: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.banco.transaction(trabalho);
  }

  // --- commands in (fila/comandos.consumer.ts) -----------------------------------------------

  /** One row per note: a redelivered command queues nothing twice. */
  async enfileirarRps(c: ComandoEnviarRps & { provedor: string }): Promise<void> {
    await this.banco.query(
      `INSERT INTO municipal.rps (nota_id, comando_id, empresa_id, sandbox, codigo_municipio, provedor, comando, situacao)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'fila') ON CONFLICT (nota_id) DO NOTHING`,
      [c.nota_id, c.comando_id, c.empresa_id, c.sandbox, c.codigo_municipio, c.provedor, JSON.stringify(c)],
    );
  }

  /** One row per cancellation command. */
  async registrarCancelamento(c: ComandoCancelarNfse): Promise<void> {
    await this.banco.query(
      `INSERT INTO municipal.cancelamentos (comando_id, nota_id, empresa_id, comando, situacao) VALUES ($1, $2, $3, $4, 'pendente') ON CONFLICT DO NOTHING`,
      [c.comando_id, c.nota_id, c.empresa_id, JSON.stringify(c)],
    );
  }

  // --- the loop ------------------------------------------------------------------------------

  async lotesDevidos(limite: number): Promise<string[]> {
    const linhas: { id: string }[] = await this.banco.query(
      `SELECT id FROM municipal.lotes WHERE situacao <> 'concluido' AND proxima_acao_em <= now() ORDER BY proxima_acao_em LIMIT $1`,
      [limite],
    );
    return linhas.map((l) => l.id);
  }

  async cancelamentosDevidos(limite: number): Promise<string[]> {
    const linhas: { comando_id: string }[] = await this.banco.query(
      `SELECT comando_id FROM municipal.cancelamentos WHERE situacao = 'pendente' AND proxima_acao_em <= now() ORDER BY proxima_acao_em LIMIT $1`,
      [limite],
    );
    return linhas.map((l) => l.comando_id);
  }

  /** Milliseconds until the next batch, cancellation or requeued RPS is due (0: now); null when nothing waits. */
  async msAteProximaAcao(): Promise<number | null> {
    const [proximo]: { ms: number | null }[] = await this.banco.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM (min(t) - now())) * 1000)::int AS ms FROM (
         SELECT min(proxima_acao_em) AS t FROM municipal.lotes WHERE situacao <> 'concluido'
         UNION ALL SELECT min(proxima_acao_em) FROM municipal.cancelamentos WHERE situacao = 'pendente'
         UNION ALL SELECT min(disponivel_em) FROM municipal.rps WHERE situacao = 'fila' AND disponivel_em > now()) x`,
    );
    return proximo?.ms ?? null;
  }

  // --- forming batches (lotes/formacao-lotes.ts) -----------------------------------------------

  /** The queued RPS that may join a batch now, by group. */
  gruposNaFila(): Promise<GrupoNaFila[]> {
    return this.banco.query(
      `SELECT empresa_id, sandbox, codigo_municipio, provedor, count(*)::int AS n, (EXTRACT(EPOCH FROM (now() - min(criado_em))) * 1000)::int AS idade_ms
         FROM municipal.rps WHERE situacao = 'fila' AND disponivel_em <= now()
        GROUP BY empresa_id, sandbox, codigo_municipio, provedor`,
    );
  }

  /** The group's oldest queued RPS, locked until the transaction ends (rows another transaction holds are skipped). */
  async reservarDaFila(tx: EntityManager, g: GrupoFila, maximo: number): Promise<string[]> {
    const linhas: { nota_id: string }[] = await tx.query(
      `SELECT nota_id FROM municipal.rps
        WHERE situacao = 'fila' AND disponivel_em <= now() AND empresa_id = $1 AND sandbox = $2 AND codigo_municipio = $3 AND provedor = $4
        ORDER BY criado_em LIMIT $5 FOR UPDATE SKIP LOCKED`,
      [g.empresa_id, g.sandbox, g.codigo_municipio, g.provedor, maximo],
    );
    return linhas.map((l) => l.nota_id);
  }

  async criarLote(tx: EntityManager, id: string, g: GrupoFila, quantidade: number): Promise<void> {
    await tx.query(
      `INSERT INTO municipal.lotes (id, numero_lote, empresa_id, sandbox, codigo_municipio, provedor, situacao, quantidade)
       VALUES ($1, nextval('municipal.numero_lote'), $2, $3, $4, $5, 'montado', $6)`,
      [id, g.empresa_id, g.sandbox, g.codigo_municipio, g.provedor, quantidade],
    );
  }

  async colocarNoLote(tx: EntityManager, loteId: string, notas: string[]): Promise<void> {
    await tx.query(
      `UPDATE municipal.rps SET situacao = 'em_lote', lote_id = $1, envios = envios + 1, atualizado_em = now() WHERE nota_id = ANY($2)`,
      [loteId, notas],
    );
  }

  // --- one batch (lotes/etapas-lote.ts) --------------------------------------------------------

  async buscarLote(id: string): Promise<LinhaLote | undefined> {
    const [lote]: LinhaLote[] = await this.banco.query('SELECT * FROM municipal.lotes WHERE id = $1', [id]);
    return lote;
  }

  /** The RPS still in the batch (without a verdict), oldest first. */
  rpsDoLote(loteId: string): Promise<LinhaRps[]> {
    return this.banco.query(
      `SELECT nota_id, envios, comando FROM municipal.rps WHERE lote_id = $1 AND situacao = 'em_lote' ORDER BY criado_em`,
      [loteId],
    );
  }

  /** Committed before the request leaves: from now on the batch may have reached the municipality. */
  async marcarEnviando(id: string, tentativas: number): Promise<void> {
    await this.banco.query(`UPDATE municipal.lotes SET situacao = 'enviando', tentativas = $2, atualizado_em = now() WHERE id = $1`, [
      id,
      tentativas,
    ]);
  }

  /** The municipality took the batch: consult it from `consultarEm` on. */
  async registrarProtocolo(tx: EntityManager, id: string, protocolo: string, consultarEm: Date): Promise<void> {
    await tx.query(
      `UPDATE municipal.lotes SET situacao = 'enviado', protocolo = $2, tentativas = 0, proxima_acao_em = $3, atualizado_em = now() WHERE id = $1`,
      [id, protocolo, consultarEm],
    );
  }

  /** Still being processed by the municipality: consult again at `em`. */
  async agendarConsulta(id: string, tentativas: number, em: Date): Promise<void> {
    await this.banco.query(`UPDATE municipal.lotes SET tentativas = $2, proxima_acao_em = $3, atualizado_em = now() WHERE id = $1`, [
      id,
      tentativas,
      em,
    ]);
  }

  /** The municipality is down and another batch probes it: this one waits, spending no attempt. */
  async aguardarMunicipio(id: string, ate: Date): Promise<void> {
    await this.banco.query(`UPDATE municipal.lotes SET proxima_acao_em = $2, atualizado_em = now() WHERE id = $1`, [id, ate]);
  }

  /** A failed attempt: tried again at `proximaAcaoEm`; `situacao` (when given) records that it may have arrived. */
  async registrarFalha(id: string, f: { situacao?: SituacaoLote; tentativas: number; erro: string; proximaAcaoEm: Date }): Promise<void> {
    await this.banco.query(
      `UPDATE municipal.lotes SET situacao = COALESCE($2, situacao), tentativas = $3, ultimo_erro = $4, proxima_acao_em = $5, atualizado_em = now() WHERE id = $1`,
      [id, f.situacao ?? null, f.tentativas, f.erro.slice(0, TAMANHO_ULTIMO_ERRO), f.proximaAcaoEm],
    );
  }

  async concluirLote(id: string, tx: EntityManager = this.banco.manager): Promise<void> {
    await tx.query(`UPDATE municipal.lotes SET situacao = 'concluido', atualizado_em = now() WHERE id = $1`, [id]);
  }

  /** The verdict of one RPS of the batch. False when it already had one (its outbox row was written then). */
  async concluirRps(tx: EntityManager, loteId: string, notaId: number, resultado: ResultadoRps): Promise<boolean> {
    const [, n] = await tx.query(
      `UPDATE municipal.rps SET situacao = 'concluido', resultado = $3, atualizado_em = now() WHERE nota_id = $1 AND lote_id = $2 AND situacao = 'em_lote'`,
      [notaId, loteId, JSON.stringify(resultado)],
    );
    return n === 1;
  }

  /** No NFS-e for it at the municipality: back to the queue for a later batch, after `esperaSegundos`. */
  async devolverAFila(tx: EntityManager, loteId: string, notaId: string, esperaSegundos: number): Promise<void> {
    await tx.query(
      `UPDATE municipal.rps SET situacao = 'fila', lote_id = NULL, disponivel_em = now() + make_interval(secs => $3), atualizado_em = now()
        WHERE nota_id = $1 AND lote_id = $2 AND situacao = 'em_lote'`,
      [notaId, loteId, esperaSegundos],
    );
  }

  // --- a municipality answers again (lotes/disponibilidade-municipios.ts) -----------------------

  /** Batches of the municipality waiting for it (not sent yet, or maybe delivered) are due now. */
  async liberarLotesDoMunicipio(codigoMunicipio: string, sandbox: boolean): Promise<void> {
    await this.banco.query(
      `UPDATE municipal.lotes SET proxima_acao_em = now()
        WHERE codigo_municipio = $1 AND sandbox = $2 AND situacao IN ('montado', 'enviando', 'ambiguo') AND proxima_acao_em > now()`,
      [codigoMunicipio, sandbox],
    );
  }

  async liberarCancelamentosDoMunicipio(codigoMunicipio: string, sandbox: boolean): Promise<void> {
    await this.banco.query(
      `UPDATE municipal.cancelamentos SET proxima_acao_em = now()
        WHERE situacao = 'pendente' AND proxima_acao_em > now() AND comando->>'codigo_municipio' = $1 AND (comando->>'sandbox')::boolean = $2`,
      [codigoMunicipio, sandbox],
    );
  }

  // --- cancellations (lotes/etapas-cancelamento.ts) --------------------------------------------

  async buscarCancelamento(comandoId: string): Promise<LinhaCancelamento | undefined> {
    const [linha]: LinhaCancelamento[] = await this.banco.query(
      'SELECT comando, tentativas, situacao FROM municipal.cancelamentos WHERE comando_id = $1',
      [comandoId],
    );
    return linha;
  }

  async adiarCancelamento(comandoId: string, erro: string, esperaSegundos: number): Promise<void> {
    await this.banco.query(
      `UPDATE municipal.cancelamentos SET tentativas = tentativas + 1, ultimo_erro = $2, proxima_acao_em = now() + make_interval(secs => $3) WHERE comando_id = $1`,
      [comandoId, erro.slice(0, TAMANHO_ULTIMO_ERRO), esperaSegundos],
    );
  }

  /** False when it was concluded already (its outbox row was written then). */
  async concluirCancelamento(tx: EntityManager, comandoId: string): Promise<boolean> {
    const [, n] = await tx.query(
      `UPDATE municipal.cancelamentos SET situacao = 'concluido' WHERE comando_id = $1 AND situacao = 'pendente'`,
      [comandoId],
    );
    return n === 1;
  }
}
