import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  Assuntos,
  type FalhaTransmissao,
  type MudancaEstadoAutorizador,
  type NotaEmProcessamento,
  type ResultadoAutorizacao,
  type ResultadoEvento,
  Streams,
  type TipoEventoNfe,
} from '@emissor/contracts';
import { definicaoTipoEvento, type EfeitoEvento, eventoAceito, lerDataHoraSefaz, protocoloParaNfeProc } from '@emissor/fiscal-domain';
import {
  type Consumidor,
  consumirJetStream,
  contextoExecucao,
  InjetarConexaoNats,
  LotesTransacionais,
  type MensagemRecebida,
} from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource, type EntityManager } from 'typeorm';
import { CONFIG_NFE, type ConfigNfeService } from '../config';
import { RelaySaida } from '@emissor/plataforma';
import { gravarSaidas, type LinhaSaida, primeirasVezes } from '../mensageria/saida';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { linhaEvento, registrarEvento } from './eventos';
import { NotasService } from './notas.service';
import { CartasCorrecaoService } from '../cartas-correcao/cartas-correcao.service';
import { ContingenciaService } from '../contingencia/contingencia.service';

/** A message of the results stream, as the group commit holds it (with its caller's request id, for the logs). */
interface MensagemResultado {
  id: string;
  assunto: string;
  dados: unknown;
  contexto: ReturnType<typeof contextoExecucao.getStore>;
}

/** The kinds a batch applies with one statement each (ResultadosService.aplicarLote). */
const EM_CONJUNTO = new Set<string>([Assuntos.nfe.resultados.emProcessamento, Assuntos.nfe.resultados.autorizacao]);

/**
 * Step 2 of ResultadosService.aplicarLote: which of the batch's messages (`indices`, those not applied
 * before) are notices and verdicts that may be applied together, one statement per kind. None when the
 * batch must go one by one: a note with two verdicts in it, or another message (a transmission failure,
 * an event's verdict) about a note that has a notice or a verdict in it.
 */
export function mensagensEmConjunto(mensagens: Pick<MensagemResultado, 'assunto' | 'dados'>[], indices: number[]): number[] {
  const notaDe = (i: number) => (mensagens[i].dados as { nota_id?: string }).nota_id;
  const conjunto = indices.filter((i) => EM_CONJUNTO.has(mensagens[i].assunto));
  const comVeredito = new Set<string | undefined>();
  for (const i of conjunto) {
    if (mensagens[i].assunto !== Assuntos.nfe.resultados.autorizacao) continue;
    if (comVeredito.has(notaDe(i))) return [];
    comVeredito.add(notaDe(i));
  }
  const notas = new Set(conjunto.map(notaDe));
  const outras = indices.filter((i) => !EM_CONJUNTO.has(mensagens[i].assunto));
  return outras.some((i) => notas.has(notaDe(i))) ? [] : conjunto;
}

/** What a verdict of the event pipeline comes to. */
export interface DesfechoEvento {
  efeito: EfeitoEvento;
  aceito: boolean;
  webhook: TipoEventoNfe;
}

/**
 * A verdict read through the domain's table of event types: accepted when the adapter says so with
 * one of the type's accepted codes (its own, or a consultation's code standing for its effect: 101 is
 * a cancellation all the same), the webhook the table names, and what the event does to the note
 * (which capability applies it). Null: a type this service does not know.
 */
export function desfechoEvento(r: Pick<ResultadoEvento, 'tipo_evento' | 'aceito' | 'status_sefaz'>): DesfechoEvento | null {
  const tipo = definicaoTipoEvento(r.tipo_evento);
  if (!tipo) return null;
  const aceito = r.aceito && eventoAceito(tipo, r.status_sefaz.codigo);
  // The table's names are TiposEventoNfe (resultados.service.spec checks every row).
  return { efeito: tipo.efeito, aceito, webhook: (aceito ? tipo.webhooks.aceito : tipo.webhooks.rejeitado) as TipoEventoNfe };
}

/**
 * Applies the SEFAZ adapter's verdicts. Each message is applied at most once (inbox) in one
 * transaction with the event it causes; a verdict for a note no longer waiting for it is ignored,
 * so redeliveries and late duplicates change nothing.
 */
@Injectable()
export class ResultadosService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('resultados');
  private consumidores: Consumidor[] = [];
  /** Verdicts arriving together share one commit, and the common ones their statements (aplicarLote). */
  private readonly lotes: LotesTransacionais<MensagemResultado, LinhaSaida[]>;

  constructor(
    private readonly banco: DataSource,
    private readonly notas: NotasService,
    private readonly cartas: CartasCorrecaoService,
    private readonly contingencia: ContingenciaService,
    private readonly relay: RelaySaida,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {
    this.lotes = new LotesTransacionais(banco, (tx, mensagens) => this.aplicarLote(tx, mensagens));
  }

  async onApplicationBootstrap() {
    const erro = (e: Error, m: MensagemRecebida) =>
      this.registro.error(`Falha ao aplicar ${m.assunto} (${m.id}, tentativa ${m.tentativa}): ${e.message}`, e.stack);
    this.consumidores = [
      await consumirJetStream(
        this.nc,
        // Applying a verdict is one short transaction: after a crash, unacked verdicts come back in 10 s.
        {
          stream: Streams.nfeResultados,
          duravel: 'nfe-service-resultados',
          assunto: 'nfe.resultados.>',
          concorrencia: 32,
          esperaAckMs: 10_000,
        },
        (dados, m) => this.aplicar(dados, m),
        erro,
      ),
      // The authorizers' changes again, on a durable of their own: behind a backlog of verdicts (an
      // outage piles them up) the switch to SVC would wait its turn. One at a time, in order; the inbox
      // applies each message once, whichever consumer gets it first.
      await consumirJetStream(
        this.nc,
        {
          stream: Streams.nfeResultados,
          duravel: 'nfe-service-autorizadores',
          assunto: Assuntos.nfe.resultados.autorizador,
          concorrencia: 1,
          esperaAckMs: 10_000,
        },
        (dados, m) => this.aplicar(dados, m),
        erro,
      ),
    ];
  }

  async onApplicationShutdown() {
    await Promise.all(this.consumidores.map((c) => c.parar()));
  }

  /**
   * One message, in the group commit of the results (aplicarLote). Each case returns the outbox rows it
   * wrote (its webhook event, or none); once committed they are published from memory, so the relay
   * does not read them back (RelaySaida.publicarConfirmadas; its poll sends what this does not get to).
   */
  private async aplicar(dados: unknown, m: MensagemRecebida) {
    const assunto = m.assunto.slice(m.assunto.indexOf('nfe.resultados.'));
    const gravadas = await this.lotes.executar({ id: m.id, assunto, dados, contexto: contextoExecucao.getStore() });
    this.relay.publicarConfirmadas(gravadas);
    // Committed: new notes of this replica are keyed by the switch at once.
    if (assunto === Assuntos.nfe.resultados.autorizador) this.contingencia.esquecerLidas();
  }

  /**
   * The messages of one transaction, in their order of arrival:
   * 1. the inbox, one statement: a message applied before, or twice in the batch, does nothing;
   * 2. the two that come for every note, em_processamento notices and authorization verdicts, one
   *    statement per kind for the batch (and one for their events' outbox rows). A notice applied
   *    before a verdict of the same note leaves the state the verdict would, in either order (the
   *    notice only moves a pendente note, the verdict a pendente or em_processamento one);
   * 3. the rest one by one, in order. When one of them is about a note of step 2 (a transmission
   *    failure, say), or a note has two verdicts in the batch, the whole batch goes one by one, in
   *    the order it came.
   */
  private async aplicarLote(tx: EntityManager, mensagens: MensagemResultado[]): Promise<LinhaSaida[][]> {
    const novas = await primeirasVezes(
      tx,
      mensagens.map((m) => m.id),
    );
    const vistas = new Set<string>();
    const indices = mensagens
      .map((m, i) => {
        const aplicavel = novas.has(m.id) && !vistas.has(m.id);
        vistas.add(m.id);
        return aplicavel ? i : -1;
      })
      .filter((i) => i >= 0);
    const resultados: LinhaSaida[][] = mensagens.map(() => []);
    const emConjunto = new Set(mensagensEmConjunto(mensagens, indices));

    const avisos = [...emConjunto].filter((i) => mensagens[i].assunto === Assuntos.nfe.resultados.emProcessamento);
    if (avisos.length)
      await this.notas.marcarEmProcessamento(
        tx,
        avisos.map((i) => (mensagens[i].dados as NotaEmProcessamento).nota_id),
      );
    const vereditos = [...emConjunto].filter((i) => mensagens[i].assunto === Assuntos.nfe.resultados.autorizacao);
    if (vereditos.length) {
      const linhas = await this.autorizacoes(
        tx,
        vereditos.map((i) => mensagens[i].dados as ResultadoAutorizacao),
      );
      vereditos.forEach((i, k) => (resultados[i] = linhas[k]));
    }
    for (const i of indices) {
      if (emConjunto.has(i)) continue;
      const m = mensagens[i];
      resultados[i] = await contextoExecucao.run(m.contexto ?? {}, () => this.aplicarUma(tx, m));
    }
    return resultados;
  }

  /** One message alone (step 3 of aplicarLote). */
  private aplicarUma(tx: EntityManager, m: MensagemResultado): Promise<LinhaSaida[]> {
    const a = Assuntos.nfe.resultados;
    if (m.assunto === a.emProcessamento) return this.emProcessamento(tx, m.dados as NotaEmProcessamento);
    if (m.assunto === a.autorizacao) return this.autorizacoes(tx, [m.dados as ResultadoAutorizacao]).then(([linhas]) => linhas);
    if (m.assunto === a.evento) return this.evento(tx, m.dados as ResultadoEvento);
    if (m.assunto === a.autorizador) return this.contingencia.aplicar(tx, m.dados as MudancaEstadoAutorizador);
    if (m.assunto === a.falhaTransmissao) return this.falhaTransmissao(tx, m.dados as FalhaTransmissao);
    this.registro.warn(`Resultado de assunto desconhecido ignorado: ${m.assunto}`);
    return Promise.resolve([]);
  }

  /** Sent to SEFAZ, receipt pending: visible by GET only, no event (spec). A transmission failure shown before is over. */
  private async emProcessamento(tx: EntityManager, r: NotaEmProcessamento): Promise<LinhaSaida[]> {
    await this.notas.marcarEmProcessamento(tx, [r.nota_id]);
    return [];
  }

  /** SEFAZ could not receive the note (decisions §11): it stays pendente, GET says why. No event. */
  private async falhaTransmissao(tx: EntityManager, r: FalhaTransmissao): Promise<LinhaSaida[]> {
    await this.notas.registrarFalhaTransmissao(tx, r.nota_id, r.motivo, r.talvez_recebida);
    return [];
  }

  /**
   * Authorization verdicts, one per note, in one statement: each a compare-and-set, so a note no longer
   * waiting (or unknown) changes nothing and gets no event. The events of those that changed go to the
   * outbox in one statement too. Returns each verdict's outbox rows.
   */
  private async autorizacoes(tx: EntityManager, rs: ResultadoAutorizacao[]): Promise<LinhaSaida[][]> {
    const atualizadas = await this.notas.aplicarVereditos(
      tx,
      rs.map((r) => ({
        id: r.nota_id,
        situacao: r.situacao,
        statusSefazCodigo: r.status_sefaz.codigo,
        statusSefazMotivo: r.status_sefaz.motivo,
        ...(r.protocolo ? { protocoloAutorizacao: r.protocolo } : {}),
        ...(r.situacao === 'autorizada'
          ? { dataAutorizacao: (r.data_recebimento && lerDataHoraSefaz(r.data_recebimento)) || new Date() }
          : {}),
        // The protocol alone: with the signed XML the note has, it is the nfeProc (nfeProcDaNota).
        ...(r.xml_protocolo && r.situacao !== 'rejeitada' ? { xmlProtocolo: protocoloParaNfeProc(r.xml_protocolo) } : {}),
      })),
    );
    const porId = new Map(atualizadas.map((n) => [n.id, n]));
    const linhas = rs.map((r): LinhaSaida[] => {
      const nota = porId.get(r.nota_id);
      if (!nota) return [];
      const tipo = r.situacao === 'autorizada' ? 'nfe_autorizada' : r.situacao === 'denegada' ? 'nfe_denegada' : 'nfe_rejeitada';
      return [linhaEvento(tipo, nota, this.config.URL_BASE_PUBLICA)];
    });
    await gravarSaidas(tx, linhas.flat());
    return linhas;
  }

  /** Who applies a verdict, by what the event does to the note: the cancellation here, linked events (the cartas de correção) in their capability. */
  private readonly aplicadores: Record<EfeitoEvento, (tx: EntityManager, r: ResultadoEvento, d: DesfechoEvento) => Promise<LinhaSaida[]>> =
    {
      cancela: (tx, r, d) => this.cancelamento(tx, r, d),
      vinculado: (tx, r, d) => this.cartas.aplicarResultado(tx, r, d),
    };

  /** The event pipeline's verdicts, read through the domain's table of event types. */
  private async evento(tx: EntityManager, r: ResultadoEvento): Promise<LinhaSaida[]> {
    const desfecho = desfechoEvento(r);
    if (desfecho) return this.aplicadores[desfecho.efeito](tx, r, desfecho);
    this.registro.warn(`Resultado de evento de tipo desconhecido ignorado: ${r.tipo_evento}`);
    return [];
  }

  private async cancelamento(tx: EntityManager, r: ResultadoEvento, { aceito, webhook }: DesfechoEvento): Promise<LinhaSaida[]> {
    const campos: Partial<NotaFiscal> = { statusSefazCodigo: r.status_sefaz.codigo, statusSefazMotivo: r.status_sefaz.motivo };
    if (aceito) {
      campos.protocoloCancelamento = r.protocolo ?? null;
      campos.dataCancelamento = (r.data_evento && lerDataHoraSefaz(r.data_evento)) || new Date();
      campos.xmlCancelamento = r.xml_retorno ?? null;
    } else {
      campos.motivoCancelamento = null;
    }
    const atualizada = await this.notas.transicionar(
      tx,
      r.nota_id,
      ['cancelamento_solicitado'],
      aceito ? 'cancelada' : 'autorizada',
      campos,
    );
    if (!atualizada) return [];
    return [await registrarEvento(tx, webhook, atualizada, this.config.URL_BASE_PUBLICA)];
  }
}
