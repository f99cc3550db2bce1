import { Inject, Injectable, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type { RespostaInutilizacaoSefaz } from '@emissor/contracts';
import { Agrupador } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import type { TipoDestino } from '../certificados/certificados.service';
import { OPCOES_PROCESSAMENTO, type OpcoesProcessamento } from '../sefaz/tokens';
import { type Posse, PossesMantidas } from './posses-mantidas';

/** One document at one authority: the key plus where it went (simulator or SEFAZ) and the environment. */
export interface Registro {
  destino: TipoDestino;
  ambiente: 1 | 2;
  chave: string;
  /** An event of the note (TipoDocumento 'evento'): its tpEvento and nSeqEvento. */
  evento?: { tipo: string; sequencia: number };
}

export interface EstadoProtocolo {
  comandoId: string;
  situacao: string;
  envioIncerto: boolean;
  /** Milliseconds since the outcome became uncertain (null when certain). */
  incertoHaMs: number | null;
  /**
   * The claim created the key and, in the same committed statement, made the "sending" mark of its
   * first send (envioIncerto above is the state before it: false). The send needs no marcarEnvio;
   * if it is not attempted after all, desfazerMarcaEnvio takes the mark back.
   */
  envioMarcado: boolean;
  tentativas: number;
  recibo: string | null;
  ultimoCStat: string | null;
  ultimoMotivo: string | null;
  protocolo: string | null;
  dataRecebimento: string | null;
  xmlProtocolo: string | null;
}

export interface Veredito {
  situacao: string;
  cStat: string;
  motivo: string;
  protocolo?: string;
  data?: string;
  xml?: string;
}

export interface Processado {
  comandoId: string;
  tipo: 'autorizar' | 'evento';
  chave: string;
  resultado: unknown;
}

interface ConclusaoNota {
  r: Registro;
  v: Veredito;
  p: Processado;
}

export interface DonoComando {
  notaId: string;
  empresaId: string;
  comandoId: string;
}

/** What a claim found: the command already answered (its inbox result), the key held by another handler, or the key now ours. */
export type Reivindicacao = { processado: unknown } | { ocupada: true } | { estado: EstadoProtocolo };

/**
 * The adapter's protocol state (schema sefaz). Every change a crash could split is one statement or
 * one transaction: the verdict and the inbox row together; the "about to send" mark before the send.
 */
export interface RepositorioProtocolos {
  resultadoProcessado(comandoId: string): Promise<unknown | null>;
  registrarProcessado(p: Processado): Promise<void>;
  /**
   * One statement: the command's inbox result if it was answered already (then nothing changes);
   * else takes the key for this handler (lease; the PostgreSQL repository renews it until the claim
   * ends, see PossesMantidas), creating it — a new key is created with the
   * "sending" mark of its first send when `marcarEnvioSeNova` (see EstadoProtocolo.envioMarcado).
   */
  reivindicar(tipo: TipoDocumento, r: Registro, dono: DonoComando, leaseMs: number, marcarEnvioSeNova?: boolean): Promise<Reivindicacao>;
  /** Written and committed BEFORE the request goes out: from now on, the outcome is uncertain. */
  marcarEnvio(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** Takes back the mark of a claim (envioMarcado) whose send was never attempted. */
  desfazerMarcaEnvio(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** The send failed in a way that it may have arrived: restart the clock of the uncertainty. */
  registrarIncerteza(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** The authority answered that it did not process the request (108/109/656): nothing to consult. */
  limparEnvioIncerto(tipo: TipoDocumento, r: Registro): Promise<void>;
  /** Stored (committed) when the promise settles; calls made together may share one statement. */
  registrarRecibo(r: Registro, recibo: string): Promise<void>;
  concluir(tipo: TipoDocumento, r: Registro, v: Veredito, p: Processado): Promise<void>;
  liberar(tipo: TipoDocumento, r: Registro): Promise<void>;
  buscarInutilizacao(base: BaseInutilizacao, ambiente: 1 | 2, id: string): Promise<RespostaInutilizacaoSefaz | null>;
  registrarInutilizacao(
    base: BaseInutilizacao,
    ambiente: 1 | 2,
    id: string,
    empresaId: string,
    r: RespostaInutilizacaoSefaz,
  ): Promise<void>;
}

/**
 * The authority's base an inutilização lands in, which keys the answer kept for it (column `destino`): a
 * sandbox request goes to the simulator's sandbox base (its /sandbox path), apart from the company's
 * homologação there. The range's Id does not carry the mode, so with SEFAZ_MODE=simulador a sandbox range
 * answered for the same range of the company's homologação before this key.
 */
export type BaseInutilizacao = TipoDestino | 'sandbox';
export const baseDaInutilizacao = (destino: TipoDestino, sandbox: boolean): BaseInutilizacao => (sandbox ? 'sandbox' : destino);

/** Notes are keyed by access key; events by key, event type and sequence (Registro.evento). */
export type TipoDocumento = 'nota' | 'evento';
export const REPOSITORIO_PROTOCOLOS = Symbol('REPOSITORIO_PROTOCOLOS');

function eventoDo(r: Registro): { tipo: string; sequencia: number } {
  if (!r.evento) throw new Error(`registro de evento sem tipo e sequência: ${r.chave}`);
  return r.evento;
}

interface LinhaEstado {
  inserida: boolean;
  comando_id: string;
  situacao: string;
  envio_incerto: boolean;
  incerto_ha_ms: number | null;
  tentativas: number;
  recibo?: string | null;
  ultimo_cstat: string | null;
  ultimo_motivo: string | null;
  protocolo: string | null;
  data: string | null;
  xml: string | null;
}

const estado = (l: LinhaEstado, marcada: boolean): EstadoProtocolo => ({
  comandoId: l.comando_id,
  situacao: l.situacao,
  envioIncerto: l.envio_incerto && !marcada,
  incertoHaMs: l.envio_incerto && !marcada && l.incerto_ha_ms !== null ? Number(l.incerto_ha_ms) : null,
  envioMarcado: marcada,
  tentativas: l.tentativas,
  recibo: l.recibo ?? null,
  ultimoCStat: l.ultimo_cstat,
  ultimoMotivo: l.ultimo_motivo,
  protocolo: l.protocolo,
  dataRecebimento: l.data,
  xmlProtocolo: l.xml,
});

// A new command after a refusal starts over (the refused send was conclusive: nothing to consult);
// the same command, or any command after a verdict that stands, finds the state as it was.
const RECOMECO = (t: string) => `${t}.situacao IN ('rejeitada', 'rejeitado') AND ${t}.comando_id <> EXCLUDED.comando_id`;
// A new key may get the mark of its first send with its claim, committed with it (one statement less
// per note). Only a new key: an existing one's state decides (consult first, or no send).
const MARCA_PRIMEIRO_ENVIO = (marcar: string) => `${marcar}, CASE WHEN ${marcar} THEN now() END, CASE WHEN ${marcar} THEN 1 ELSE 0 END`;
// xmax = 0 only on a row this statement inserted (ON CONFLICT DO UPDATE leaves our xid there).
const RETORNO_REIVINDICACAO = `(xmax = 0) AS inserida, comando_id, situacao, envio_incerto, (extract(epoch FROM now() - incerto_desde) * 1000)::float8 AS incerto_ha_ms, tentativas`;

type LinhaReivindicacao = Partial<LinhaEstado> & { processado: unknown };

interface PedidoReivindicacao {
  r: Registro;
  dono: DonoComando;
  leaseMs: number;
  marcar: boolean;
}

/** A claim's row: the command's inbox result, or no row (the key is held by another delivery), or the state claimed. */
function reivindicacao(l: LinhaReivindicacao, marcar: boolean): Reivindicacao {
  if (l.processado !== null && l.processado !== undefined) return { processado: l.processado };
  if (l.comando_id === null || l.comando_id === undefined) return { ocupada: true };
  return { estado: estado(l as LinhaEstado, marcar && l.inserida === true) };
}

@Injectable()
export class RepositorioProtocolosPg implements RepositorioProtocolos, OnApplicationShutdown {
  /** Claims this process holds, renewed while held (absent without the processing options: leases as given). */
  private readonly posses: PossesMantidas | null;

  constructor(
    private readonly banco: DataSource,
    @Optional() @Inject(OPCOES_PROCESSAMENTO) opcoes?: Pick<OpcoesProcessamento, 'leaseMs' | 'duracaoMaximaMs'>,
  ) {
    this.posses = opcoes
      ? new PossesMantidas((tipo, posses) => this.renovarPosses(tipo, posses), {
          intervaloMs: Math.max(100, Math.floor(opcoes.leaseMs / 4)),
          duracaoMaximaMs: opcoes.duracaoMaximaMs,
        })
      : null;
  }

  /** The claims renewed at this process's next interval (tests). */
  get possesMantidas(): PossesMantidas | null {
    return this.posses;
  }

  async onApplicationShutdown() {
    await this.posses?.parar();
  }

  /**
   * Extends the leases of claims still held by the same command (a released or concluded key has no
   * lease, and a key taken by another command is not ours): one statement per kind of document.
   */
  async renovarPosses(tipo: TipoDocumento, posses: Posse[]): Promise<void> {
    const coluna = <T>(f: (p: Posse) => T) => posses.map(f);
    const [extra, juncao] =
      tipo === 'nota'
        ? ['', '']
        : [', $6::text[], $7::smallint[]', ' AND t.tipo_evento = v.tipo_evento AND t.n_seq_evento = v.n_seq_evento'];
    await this.banco.query(
      `UPDATE ${tipo === 'nota' ? 'sefaz.notas' : 'sefaz.eventos'} AS t SET ocupado_ate = now() + v.lease_ms * interval '1 millisecond'
         FROM unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::int[]${extra})
              AS v(destino, ambiente, chave, comando_id, lease_ms${tipo === 'nota' ? '' : ', tipo_evento, n_seq_evento'})
        WHERE t.destino = v.destino AND t.ambiente = v.ambiente AND t.chave = v.chave${juncao}
          AND t.comando_id = v.comando_id AND t.ocupado_ate IS NOT NULL`,
      [
        coluna((p) => p.r.destino),
        coluna((p) => p.r.ambiente),
        coluna((p) => p.r.chave),
        coluna((p) => p.comandoId),
        coluna((p) => p.leaseMs),
        ...(tipo === 'nota' ? [] : [coluna((p) => eventoDo(p.r).tipo), coluna((p) => eventoDo(p.r).sequencia)]),
      ],
    );
  }

  private alvo(tipo: TipoDocumento, r: Registro) {
    return tipo === 'nota'
      ? { tabela: 'sefaz.notas', onde: 'destino = $1 AND ambiente = $2 AND chave = $3', params: [r.destino, r.ambiente, r.chave] }
      : {
          tabela: 'sefaz.eventos',
          onde: 'destino = $1 AND ambiente = $2 AND chave = $3 AND tipo_evento = $4 AND n_seq_evento = $5',
          params: [r.destino, r.ambiente, r.chave, eventoDo(r).tipo, eventoDo(r).sequencia],
        };
  }

  async resultadoProcessado(comandoId: string): Promise<unknown | null> {
    const linhas: { resultado: unknown }[] = await this.banco.query(
      'SELECT resultado FROM sefaz.comandos_processados WHERE comando_id = $1',
      [comandoId],
    );
    return linhas.length ? linhas[0].resultado : null;
  }

  async registrarProcessado(p: Processado): Promise<void> {
    await this.banco.query(
      'INSERT INTO sefaz.comandos_processados (comando_id, tipo, chave, resultado) VALUES ($1, $2, $3, $4) ON CONFLICT (comando_id) DO NOTHING',
      [p.comandoId, p.tipo, p.chave, JSON.stringify(p.resultado)],
    );
  }

  async reivindicar(
    tipo: TipoDocumento,
    r: Registro,
    dono: DonoComando,
    leaseMs: number,
    marcarEnvioSeNova = false,
  ): Promise<Reivindicacao> {
    const resultado = await this.reivindicarSemManter(tipo, r, dono, leaseMs, marcarEnvioSeNova);
    if ('estado' in resultado) this.posses?.manter(tipo, r, dono.comandoId, leaseMs);
    return resultado;
  }

  private async reivindicarSemManter(
    tipo: TipoDocumento,
    r: Registro,
    dono: DonoComando,
    leaseMs: number,
    marcarEnvioSeNova: boolean,
  ): Promise<Reivindicacao> {
    if (tipo === 'nota') {
      return this.reivindicacoesNotas.executar({ r, dono, leaseMs, marcar: marcarEnvioSeNova });
    }
    // The inbox check rides in the same statement: an answered command inserts and changes nothing.
    const linhas: LinhaReivindicacao[] = await this.banco.query(
      `WITH processado AS (SELECT resultado FROM sefaz.comandos_processados WHERE comando_id = $5::text),
       reivindicada AS (
         INSERT INTO sefaz.eventos AS e (destino, ambiente, chave, tipo_evento, n_seq_evento, nota_id, comando_id, ocupado_ate, envio_incerto, incerto_desde, tentativas)
         SELECT $1::text, $2::smallint, $3::text, $8::text, $9::smallint, $4::text, $5::text, now() + $6 * interval '1 millisecond', ${MARCA_PRIMEIRO_ENVIO('$7::boolean')}
         WHERE NOT EXISTS (SELECT 1 FROM processado)
         ON CONFLICT (destino, ambiente, chave, tipo_evento, n_seq_evento) DO UPDATE SET
           ocupado_ate = EXCLUDED.ocupado_ate,
           situacao = CASE WHEN ${RECOMECO('e')} THEN 'processando' ELSE e.situacao END,
           envio_incerto = CASE WHEN ${RECOMECO('e')} THEN false ELSE e.envio_incerto END,
           comando_id = EXCLUDED.comando_id, nota_id = EXCLUDED.nota_id, atualizado_em = now()
         WHERE e.ocupado_ate IS NULL OR e.ocupado_ate < now()
         RETURNING ${RETORNO_REIVINDICACAO}, ultimo_cstat, ultimo_motivo, protocolo, data_evento AS data, xml_retorno AS xml)
       SELECT (SELECT resultado FROM processado) AS processado, r.* FROM (SELECT 1) AS um LEFT JOIN reivindicada r ON true`,
      [r.destino, r.ambiente, r.chave, dono.notaId, dono.comandoId, leaseMs, marcarEnvioSeNova, eventoDo(r).tipo, eventoDo(r).sequencia],
    );
    return reivindicacao(linhas[0], marcarEnvioSeNova);
  }

  /**
   * The commands of a pull arrive together: their notes are claimed in one statement (the claim of
   * reivindicar for each, inbox check included), instead of one per note. Two commands for one key
   * cannot share it (an upsert touches a row once): the later one goes in a later batch, and finds the
   * key held. If the shared statement fails, each note is claimed alone.
   */
  private readonly reivindicacoesNotas = new Agrupador<PedidoReivindicacao, Reivindicacao>((lote) => this.reivindicarNotas(lote), {
    isolarFalhas: true,
    chave: (p) => `${p.r.destino}|${p.r.ambiente}|${p.r.chave}`,
  });

  private async reivindicarNotas(lote: PedidoReivindicacao[]): Promise<Reivindicacao[]> {
    const coluna = <T>(f: (p: PedidoReivindicacao) => T) => lote.map(f);
    const linhas: LinhaReivindicacao[] = await this.banco.query(
      `WITH v AS (
         SELECT * FROM unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::boolean[]) WITH ORDINALITY
                    AS v(destino, ambiente, chave, nota_id, comando_id, empresa_id, lease_ms, marcar, ordem)
       ), processado AS (
         SELECT v.ordem, p.resultado FROM v JOIN sefaz.comandos_processados p ON p.comando_id = v.comando_id
       ), reivindicada AS (
         INSERT INTO sefaz.notas AS n (destino, ambiente, chave, nota_id, empresa_id, comando_id, ocupado_ate, envio_incerto, incerto_desde, tentativas)
         SELECT v.destino, v.ambiente, v.chave, v.nota_id, v.empresa_id, v.comando_id, now() + v.lease_ms * interval '1 millisecond', ${MARCA_PRIMEIRO_ENVIO('v.marcar')}
           FROM v WHERE NOT EXISTS (SELECT 1 FROM processado p WHERE p.ordem = v.ordem)
         ON CONFLICT (destino, ambiente, chave) DO UPDATE SET
           ocupado_ate = EXCLUDED.ocupado_ate,
           situacao = CASE WHEN ${RECOMECO('n')} THEN 'processando' ELSE n.situacao END,
           envio_incerto = CASE WHEN ${RECOMECO('n')} THEN false ELSE n.envio_incerto END,
           recibo = CASE WHEN ${RECOMECO('n')} THEN NULL ELSE n.recibo END,
           comando_id = EXCLUDED.comando_id, nota_id = EXCLUDED.nota_id, atualizado_em = now()
         WHERE n.ocupado_ate IS NULL OR n.ocupado_ate < now()
         RETURNING n.destino AS r_destino, n.ambiente AS r_ambiente, n.chave AS r_chave, ${RETORNO_REIVINDICACAO}, recibo, ultimo_cstat, ultimo_motivo,
                   protocolo, data_recebimento AS data, xml_protocolo AS xml)
       SELECT p.resultado AS processado, r.*
         FROM v LEFT JOIN processado p ON p.ordem = v.ordem
                LEFT JOIN reivindicada r ON r.r_destino = v.destino AND r.r_ambiente = v.ambiente AND r.r_chave = v.chave
        ORDER BY v.ordem`,
      [
        coluna((p) => p.r.destino),
        coluna((p) => p.r.ambiente),
        coluna((p) => p.r.chave),
        coluna((p) => p.dono.notaId),
        coluna((p) => p.dono.comandoId),
        coluna((p) => p.dono.empresaId),
        coluna((p) => p.leaseMs),
        coluna((p) => p.marcar),
      ],
    );
    return linhas.map((l, i) => reivindicacao(l, lote[i].marcar));
  }

  async marcarEnvio(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(
      `UPDATE ${a.tabela} SET envio_incerto = true, incerto_desde = now(), tentativas = tentativas + 1, atualizado_em = now() WHERE ${a.onde}`,
      a.params,
    );
  }

  async desfazerMarcaEnvio(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(
      `UPDATE ${a.tabela} SET envio_incerto = false, incerto_desde = NULL, tentativas = tentativas - 1, atualizado_em = now() WHERE ${a.onde}`,
      a.params,
    );
  }

  async registrarIncerteza(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET incerto_desde = now(), atualizado_em = now() WHERE ${a.onde}`, a.params);
  }

  async limparEnvioIncerto(tipo: TipoDocumento, r: Registro): Promise<void> {
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET envio_incerto = false, atualizado_em = now() WHERE ${a.onde}`, a.params);
  }

  registrarRecibo(r: Registro, recibo: string): Promise<void> {
    return this.recibos.executar({ r, recibo });
  }

  /**
   * The notes of a grouped send get their receipt in the same turn (one answer resolves them all):
   * one UPDATE for all of them instead of one per note. Each caller still goes on only after the
   * statement that stored its receipt has committed.
   */
  private readonly recibos = new Agrupador<{ r: Registro; recibo: string }, void>(async (entradas) => {
    await this.banco.query(
      `UPDATE sefaz.notas AS n SET recibo = v.recibo, atualizado_em = now()
         FROM unnest($1::text[], $2::smallint[], $3::text[], $4::text[]) AS v(destino, ambiente, chave, recibo)
        WHERE n.destino = v.destino AND n.ambiente = v.ambiente AND n.chave = v.chave`,
      [entradas.map((e) => e.r.destino), entradas.map((e) => e.r.ambiente), entradas.map((e) => e.r.chave), entradas.map((e) => e.recibo)],
    );
    return entradas.map(() => undefined);
  });

  async concluir(tipo: TipoDocumento, r: Registro, v: Veredito, p: Processado): Promise<void> {
    this.posses?.soltar(tipo, r);
    if (tipo === 'nota') {
      return this.conclusoesNotas.executar({ r, v, p });
    }
    const a = this.alvo(tipo, r);
    const n = a.params.length;
    // One statement, so one round trip and one commit: the verdict and the inbox row together.
    await this.banco.query(
      `WITH veredito AS (UPDATE ${a.tabela} SET situacao = $${n + 1}, ultimo_cstat = $${n + 2}, ultimo_motivo = $${n + 3}, protocolo = $${n + 4},
                data_evento = $${n + 5}, xml_retorno = $${n + 6}, envio_incerto = false, ocupado_ate = NULL, atualizado_em = now() WHERE ${a.onde} RETURNING 1)
       INSERT INTO sefaz.comandos_processados (comando_id, tipo, chave, resultado) VALUES ($${n + 7}, $${n + 8}, $${n + 9}, $${n + 10}) ON CONFLICT (comando_id) DO NOTHING`,
      [
        ...a.params,
        v.situacao,
        v.cStat,
        v.motivo,
        v.protocolo ?? null,
        v.data ?? null,
        v.xml ?? null,
        p.comandoId,
        p.tipo,
        p.chave,
        JSON.stringify(p.resultado),
      ],
    );
  }

  /**
   * The notes of one SEFAZ answer (a batch's protNFe) conclude in the same turn: their verdicts and
   * inbox rows go in one statement instead of one per note. Still one commit per verdict's caller:
   * each goes on only once the statement holding its row has committed. If the shared statement
   * fails, each note is concluded alone, so one bad row cannot fail the others.
   */
  private readonly conclusoesNotas = new Agrupador<ConclusaoNota, void>((lote) => this.concluirNotas(lote), { isolarFalhas: true });

  private async concluirNotas(lote: ConclusaoNota[]): Promise<void[]> {
    const coluna = <T>(f: (c: ConclusaoNota) => T) => lote.map(f);
    await this.banco.query(
      `WITH v AS (
         SELECT * FROM unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                              $10::text[], $11::text[], $12::text[], $13::text[])
                    AS v(destino, ambiente, chave, situacao, cstat, motivo, protocolo, data, xml, comando_id, tipo, chave_comando, resultado)
       ), veredito AS (
         UPDATE sefaz.notas AS n
            SET situacao = v.situacao, ultimo_cstat = v.cstat, ultimo_motivo = v.motivo, protocolo = v.protocolo, data_recebimento = v.data,
                xml_protocolo = v.xml, recibo = NULL, envio_incerto = false, ocupado_ate = NULL, atualizado_em = now()
           FROM v WHERE n.destino = v.destino AND n.ambiente = v.ambiente AND n.chave = v.chave RETURNING 1
       )
       INSERT INTO sefaz.comandos_processados (comando_id, tipo, chave, resultado)
       SELECT comando_id, tipo, chave_comando, resultado::jsonb FROM v ON CONFLICT (comando_id) DO NOTHING`,
      [
        coluna((c) => c.r.destino),
        coluna((c) => c.r.ambiente),
        coluna((c) => c.r.chave),
        coluna((c) => c.v.situacao),
        coluna((c) => c.v.cStat),
        coluna((c) => c.v.motivo),
        coluna((c) => c.v.protocolo ?? null),
        coluna((c) => c.v.data ?? null),
        coluna((c) => c.v.xml ?? null),
        coluna((c) => c.p.comandoId),
        coluna((c) => c.p.tipo),
        coluna((c) => c.p.chave),
        coluna((c) => JSON.stringify(c.p.resultado)),
      ],
    );
    return lote.map(() => undefined);
  }

  async liberar(tipo: TipoDocumento, r: Registro): Promise<void> {
    this.posses?.soltar(tipo, r);
    const a = this.alvo(tipo, r);
    await this.banco.query(`UPDATE ${a.tabela} SET ocupado_ate = NULL WHERE ${a.onde}`, a.params);
  }

  async buscarInutilizacao(destino: BaseInutilizacao, ambiente: 1 | 2, id: string): Promise<RespostaInutilizacaoSefaz | null> {
    const linhas: { cstat: string; motivo: string; protocolo: string | null; data_recebimento: string | null; xml_retorno: string }[] =
      await this.banco.query(
        'SELECT cstat, motivo, protocolo, data_recebimento, xml_retorno FROM sefaz.inutilizacoes WHERE destino = $1 AND ambiente = $2 AND id = $3',
        [destino, ambiente, id],
      );
    if (!linhas.length) return null;
    const l = linhas[0];
    return {
      homologada: true,
      status_sefaz: { codigo: l.cstat, motivo: l.motivo },
      ...(l.protocolo ? { protocolo: l.protocolo } : {}),
      ...(l.data_recebimento ? { data_recebimento: l.data_recebimento } : {}),
      xml_retorno: l.xml_retorno,
    };
  }

  async registrarInutilizacao(
    destino: BaseInutilizacao,
    ambiente: 1 | 2,
    id: string,
    empresaId: string,
    r: RespostaInutilizacaoSefaz,
  ): Promise<void> {
    await this.banco.query(
      `INSERT INTO sefaz.inutilizacoes (destino, ambiente, id, empresa_id, cstat, motivo, protocolo, data_recebimento, xml_retorno)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING`,
      [
        destino,
        ambiente,
        id,
        empresaId,
        r.status_sefaz.codigo,
        r.status_sefaz.motivo,
        r.protocolo ?? null,
        r.data_recebimento ?? null,
        r.xml_retorno ?? '',
      ],
    );
  }
}
