import type { DefinicaoStream } from '@emissor/contracts';
import { comNamespace, nomeStreamComNamespace } from '@emissor/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  headers,
  type JsMsg,
  RetentionPolicy,
  StorageType,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import { Logger } from '@nestjs/common';
import { classeMensagemJetStream } from '@emissor/contracts';
import { metricas } from '../metricas/catalogo';
import { acompanharProfundidadeFila } from '../metricas/profundidade-fila';
import { contextoExecucao } from '../registro/contexto-execucao';
import { ehObjetoJson, ErroMensagemForaDoContrato, type ProblemasMensagem, validarMensagem } from './validar-mensagem';

const DIA_EM_NANOS = 24 * 60 * 60 * 1_000_000_000;

/**
 * Creates (or updates) the JetStream streams an app owns. File storage so they survive a restart;
 * a duplicate window so a publisher that retries with the same Nats-Msg-Id is not applied twice.
 */
export async function garantirStreams(nc: NatsConnection, definicoes: DefinicaoStream[]): Promise<void> {
  const jsm = await nc.jetstreamManager();
  for (const def of definicoes) {
    const config: Partial<StreamConfig> = {
      name: nomeStreamComNamespace(def.nome),
      subjects: def.assuntos.map((a) => comNamespace(a)),
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.Old,
      max_age: 14 * DIA_EM_NANOS,
      duplicate_window: 2 * 60 * 1_000_000_000,
    };
    try {
      await jsm.streams.info(config.name!);
      await jsm.streams.update(config.name!, config);
    } catch (erro) {
      if ((erro as { code?: string }).code !== '404') throw erro;
      await jsm.streams.add(config);
    }
  }
}

const codificador = new TextEncoder();
const decodificador = new TextDecoder();

/**
 * Publishes durably: resolves once JetStream has stored the message. `idMensagem` becomes
 * Nats-Msg-Id, so a publisher that retries after a crash (the outbox relay) is deduplicated.
 */
export async function publicarJetStream(
  nc: NatsConnection,
  assunto: string,
  dados: unknown,
  idMensagem: string,
  requestId?: string,
): Promise<void> {
  await publicarJsonJetStream(nc, assunto, JSON.stringify(dados), idMensagem, requestId);
}

/** publicarJetStream for a payload already serialized as JSON (an outbox row read as text: no parse and re-stringify). */
export async function publicarJsonJetStream(
  nc: NatsConnection,
  assunto: string,
  json: string,
  idMensagem: string,
  requestId?: string,
): Promise<void> {
  const js = nc.jetstream();
  const cabecalhos = headers();
  if (requestId) cabecalhos.set('x-request-id', requestId);
  await js.publish(comNamespace(assunto), codificador.encode(json), { msgID: idMensagem, headers: cabecalhos });
}

export interface MensagemRecebida {
  /** Nats-Msg-Id of the publisher (the idempotency key), or stream sequence when absent. */
  id: string;
  assunto: string;
  /** 1 on first delivery. */
  tentativa: number;
  requestId?: string;
}

export interface OpcoesConsumidor {
  stream: DefinicaoStream;
  /** Durable name: the consumer's position survives restarts; replicas with the same name share the work. */
  duravel: string;
  /** Subject filter (without namespace; wildcards allowed) this consumer takes from the stream.
   *  One filter: `filter_subjects` needs NATS 2.10, and Debian 12 ships 2.9. */
  assunto: string;
  /** Messages handled at once by this process. */
  concorrencia?: number;
  /** Redelivery after this long without ack (a crashed handler's message comes back). */
  esperaAckMs?: number;
  /**
   * While a handling runs, tell the server every `intervaloMs` that it is in progress (`working`), up to
   * `maximoMs`: the ack wait then bounds how long a crashed process's message waits for redelivery, not
   * how long a handling may last. Past `maximoMs` (a handling that hangs) the beats stop and the message
   * comes back after the ack wait, as without them.
   */
  batimento?: Batimento;
  /** Delay before redelivering a failed message: grows with the attempt, capped (the error may ask for its own). */
  atrasoFalhaMs?: (tentativa: number, erro: Error) => number;
  /** The longest a message that does not fit its class waits between deliveries (default ESPERA_FORA_DO_CONTRATO_MS). */
  esperaForaDoContratoMs?: number;
}

/**
 * A message that does not fit its subject's class is kept, not dropped, so the release that fixes the
 * disagreement (a rollout's older consumer, a defect) applies it. It comes back after 5 s, then twice as
 * long each time, up to this: soon enough to meet the new replicas of a rolling deploy, and seldom enough
 * that the messages kept meanwhile (counted in the consumer's max_ack_pending) leave room for the others.
 */
export const ESPERA_FORA_DO_CONTRATO_MS = 10 * 60_000;
const PRIMEIRA_ESPERA_FORA_DO_CONTRATO_MS = 5_000;

/** The wait before delivery `tentativa` + 1 of a message out of its contract: 5 s doubling, capped at `maximo`. */
export function esperaForaDoContrato(tentativa: number, maximo = ESPERA_FORA_DO_CONTRATO_MS): number {
  return Math.min(maximo, PRIMEIRA_ESPERA_FORA_DO_CONTRATO_MS * 2 ** Math.min(Math.max(tentativa - 1, 0), 20));
}

export interface Batimento {
  intervaloMs: number;
  maximoMs: number;
}

export interface Consumidor {
  parar(): Promise<void>;
}

/**
 * A durable pull consumer with explicit acks: a message is acked only after `tratar` resolved,
 * so a crash redelivers it (handlers must be idempotent: at-least-once). A failure is nak'ed with
 * back-off. `tratar` only ever sees a payload that fits its subject's contract class; one that does
 * not is kept aside and comes back every `esperaForaDoContratoMs` (see `processarMensagem`).
 */
export async function consumirJetStream(
  nc: NatsConnection,
  o: OpcoesConsumidor,
  tratar: (dados: unknown, mensagem: MensagemRecebida) => Promise<void>,
  registrarErro: (erro: Error, mensagem: MensagemRecebida) => void = () => undefined,
): Promise<Consumidor> {
  const jsm = await nc.jetstreamManager();
  const stream = nomeStreamComNamespace(o.stream.nome);
  const duravel = `${o.duravel}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const config = {
    durable_name: duravel,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: (o.esperaAckMs ?? 30_000) * 1_000_000,
    max_ack_pending: Math.max(1000, (o.concorrencia ?? 16) * 4),
    filter_subject: comNamespace(o.assunto),
  };
  try {
    await jsm.consumers.info(stream, duravel);
    await jsm.consumers.update(stream, duravel, config);
  } catch (erro) {
    if ((erro as { code?: string }).code !== '404') throw erro;
    await jsm.consumers.add(stream, config);
  }
  const consumidor = await nc.jetstream().consumers.get(stream, duravel);
  const concorrencia = o.concorrencia ?? 16;
  const atraso = o.atrasoFalhaMs ?? ((t: number) => Math.min(30_000, 500 * 2 ** Math.min(t - 1, 6)));
  const emAndamento = new Set<Promise<void>>();
  const mensagens = await consumidor.consume({ max_messages: concorrencia });

  const esperaMaxima = o.esperaForaDoContratoMs ?? ESPERA_FORA_DO_CONTRATO_MS;
  const processar = (m: JsMsg) => processarMensagem(m, tratar, registrarErro, atraso, o.batimento, esperaMaxima);
  // Waiting = not yet delivered + delivered and not acked (in hand, or lost by a crashed replica).
  const profundidade = acompanharProfundidadeFila('jetstream', duravel, async () => {
    const info = await jsm.consumers.info(stream, duravel);
    return info.num_pending + info.num_ack_pending;
  });

  const laco = (async () => {
    for await (const m of mensagens) {
      const p = processar(m).finally(() => emAndamento.delete(p));
      emAndamento.add(p);
      if (emAndamento.size >= concorrencia) await Promise.race(emAndamento);
    }
  })();

  return {
    async parar() {
      profundidade.parar();
      await mensagens.close();
      await laco.catch(() => undefined);
      await Promise.allSettled([...emAndamento]);
    },
  };
}

/** What the consumer uses of a JetStream message (a unit test hands in its own). */
export type MensagemJetStream = Pick<JsMsg, 'subject' | 'data' | 'headers' | 'info' | 'seq' | 'ack' | 'nak' | 'term' | 'working'>;

const registro = new Logger('jetstream');

/**
 * One delivery: the payload is parsed and checked against its subject's class in libs/contracts
 * (`classeMensagemJetStream`) before `tratar` runs. One that does not fit (an app of another version
 * during a rollout, a defect) is logged as an error with its subject and fields (never its content),
 * counted, and nak'ed to come back later (`esperaForaDoContrato`, up to `esperaMaxima`): it may be a
 * note's command or an authority's verdict, and the release that fixes the disagreement applies it (the
 * stream keeps it 14 days; commands are checked by their producer too, `linhaSaida`). Only a payload no
 * release can read (not JSON, or JSON that is not an object) is terminated. Otherwise ack after `tratar`,
 * nak with back-off when it throws (with the same long wait when it throws ErroMensagemForaDoContrato:
 * a command of its own out of the contract, which a retry would write no better).
 */
export async function processarMensagem(
  m: MensagemJetStream,
  tratar: (dados: unknown, mensagem: MensagemRecebida) => Promise<void>,
  registrarErro: (erro: Error, mensagem: MensagemRecebida) => void,
  atraso: (tentativa: number, erro: Error) => number,
  batimento?: Batimento,
  esperaMaxima = ESPERA_FORA_DO_CONTRATO_MS,
): Promise<void> {
  const mensagem: MensagemRecebida = {
    id: m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`,
    assunto: m.subject,
    tentativa: m.info.redeliveryCount,
    requestId: m.headers?.get('x-request-id') || undefined,
  };
  const lida = lerMensagem(m.subject, m.data);
  if ('problemas' in lida) {
    metricas.mensagensInvalidas().inc({ assunto: lida.assunto });
    const problemas = JSON.stringify(lida.problemas);
    if (!lida.legivel) {
      registro.error(`Mensagem ${mensagem.id} de ${mensagem.assunto} descartada: ${problemas}`);
      return m.term();
    }
    const espera = esperaForaDoContrato(mensagem.tentativa, esperaMaxima);
    registro.error(
      `Mensagem ${mensagem.id} de ${mensagem.assunto} fora do contrato (entrega ${mensagem.tentativa}), guardada e reentregue em ${espera / 1000} s: ${problemas}`,
    );
    return m.nak(espera);
  }
  const batidas = batimento ? baterEnquantoTrata(m, batimento) : null;
  try {
    await contextoExecucao.run({ requestId: mensagem.requestId }, () => tratar(lida.dados, mensagem));
    m.ack();
  } catch (erro) {
    registrarErro(erro as Error, mensagem);
    // A handling that would write a message out of its contract fails the same way until a release fixes it.
    const foraDoContrato = erro instanceof ErroMensagemForaDoContrato;
    m.nak(foraDoContrato ? esperaForaDoContrato(mensagem.tentativa, esperaMaxima) : atraso(mensagem.tentativa, erro as Error));
  } finally {
    if (batidas) clearInterval(batidas);
  }
}

/** `working` every `intervaloMs` until `maximoMs` has passed (then the ack wait runs again). */
function baterEnquantoTrata(m: MensagemJetStream, b: Batimento): NodeJS.Timeout {
  const fim = Date.now() + b.maximoMs;
  const batidas = setInterval(() => {
    if (Date.now() >= fim) return clearInterval(batidas);
    try {
      m.working();
    } catch {
      // The connection is closing: the ack or the redelivery settles the message.
    }
  }, b.intervaloMs);
  batidas.unref();
  return batidas;
}

function lerMensagem(
  assuntoComNamespace: string,
  bytes: Uint8Array,
): { dados: unknown } | { assunto: string; problemas: ProblemasMensagem; legivel: boolean } {
  const prefixo = comNamespace('');
  const assunto = prefixo && assuntoComNamespace.startsWith(prefixo) ? assuntoComNamespace.slice(prefixo.length) : assuntoComNamespace;
  let dados: unknown;
  try {
    dados = JSON.parse(decodificador.decode(bytes));
  } catch {
    return { assunto, problemas: { mensagem: ['não é JSON válido'] }, legivel: false };
  }
  const classe = classeMensagemJetStream(assunto);
  const problemas = classe ? validarMensagem(classe, dados) : null;
  // JSON that is not an object (null, 42, a list) fits no contract of any release.
  return problemas ? { assunto, problemas, legivel: ehObjetoJson(dados) } : { dados };
}
