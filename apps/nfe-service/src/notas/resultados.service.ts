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
import { type Consumidor, consumirJetStream, InjetarConexaoNats, type MensagemRecebida, TransacoesAgrupadas } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource, type EntityManager } from 'typeorm';
import { CONFIG_NFE, type ConfigNfeService } from '../config';
import { RelaySaida } from '@emissor/plataforma';
import { type LinhaSaida, primeiraVez } from '../mensageria/saida';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { registrarEvento } from './eventos';
import { NotasService } from './notas.service';
import { CartasCorrecaoService } from '../cartas-correcao/cartas-correcao.service';
import { ContingenciaService } from '../contingencia/contingencia.service';

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
  /** Verdicts arriving together share one commit (each still its own inbox row and compare-and-set). */
  private readonly transacoes: TransacoesAgrupadas;

  constructor(
    private readonly banco: DataSource,
    private readonly notas: NotasService,
    private readonly cartas: CartasCorrecaoService,
    private readonly contingencia: ContingenciaService,
    private readonly relay: RelaySaida,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
    @Inject(CONFIG_NFE) private readonly config: ConfigNfeService,
  ) {
    this.transacoes = new TransacoesAgrupadas(banco);
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
   * One message, in the group commit of the results. Each case returns the outbox rows it wrote (its
   * webhook event, or none); once committed they are published from memory, so the relay does not
   * read them back (RelaySaida.publicarConfirmadas; its poll sends what this does not get to).
   */
  private async aplicar(dados: unknown, m: MensagemRecebida) {
    const assunto = m.assunto.slice(m.assunto.indexOf('nfe.resultados.'));
    const gravadas = await this.transacoes.executar(async (tx): Promise<LinhaSaida[]> => {
      if (!(await primeiraVez(tx, m.id))) return [];
      if (assunto === Assuntos.nfe.resultados.emProcessamento) return this.emProcessamento(tx, dados as NotaEmProcessamento);
      if (assunto === Assuntos.nfe.resultados.autorizacao) return this.autorizacao(tx, dados as ResultadoAutorizacao);
      if (assunto === Assuntos.nfe.resultados.evento) return this.evento(tx, dados as ResultadoEvento);
      if (assunto === Assuntos.nfe.resultados.autorizador) return this.contingencia.aplicar(tx, dados as MudancaEstadoAutorizador);
      if (assunto === Assuntos.nfe.resultados.falhaTransmissao) return this.falhaTransmissao(tx, dados as FalhaTransmissao);
      this.registro.warn(`Resultado de assunto desconhecido ignorado: ${m.assunto}`);
      return [];
    });
    this.relay.publicarConfirmadas(gravadas);
    // Committed: new notes of this replica are keyed by the switch at once.
    if (assunto === Assuntos.nfe.resultados.autorizador) this.contingencia.esquecerLidas();
  }

  /** Sent to SEFAZ, receipt pending: visible by GET only, no event (spec). A transmission failure shown before is over. */
  private async emProcessamento(tx: EntityManager, r: NotaEmProcessamento): Promise<LinhaSaida[]> {
    await this.notas.marcarEmProcessamento(tx, r.nota_id);
    return [];
  }

  /** SEFAZ could not receive the note (decisions §11): it stays pendente, GET says why. No event. */
  private async falhaTransmissao(tx: EntityManager, r: FalhaTransmissao): Promise<LinhaSaida[]> {
    await this.notas.registrarFalhaTransmissao(tx, r.nota_id, r.motivo, r.talvez_recebida);
    return [];
  }

  /** The transition is a compare-and-set: a note no longer waiting (or unknown) changes nothing. */
  private async autorizacao(tx: EntityManager, r: ResultadoAutorizacao): Promise<LinhaSaida[]> {
    const campos: Partial<NotaFiscal> = { statusSefazCodigo: r.status_sefaz.codigo, statusSefazMotivo: r.status_sefaz.motivo };
    if (r.protocolo) campos.protocoloAutorizacao = r.protocolo;
    if (r.situacao === 'autorizada') {
      campos.dataAutorizacao = (r.data_recebimento && lerDataHoraSefaz(r.data_recebimento)) || new Date();
    }
    // The protocol alone: with the signed XML the note has, it is the nfeProc (nfeProcDaNota).
    if (r.xml_protocolo && r.situacao !== 'rejeitada') campos.xmlProtocolo = protocoloParaNfeProc(r.xml_protocolo);
    const atualizada = await this.notas.transicionar(tx, r.nota_id, ['pendente', 'em_processamento'], r.situacao, campos);
    if (!atualizada) return [];
    const tipo = r.situacao === 'autorizada' ? 'nfe_autorizada' : r.situacao === 'denegada' ? 'nfe_denegada' : 'nfe_rejeitada';
    return [await registrarEvento(tx, tipo, atualizada, this.config.URL_BASE_PUBLICA)];
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
