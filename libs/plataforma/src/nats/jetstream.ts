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
import { contextoExecucao } from '../registro/contexto-execucao';

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
  /** Delay before redelivering a failed message: grows with the attempt, capped (the error may ask for its own). */
  atrasoFalhaMs?: (tentativa: number, erro: Error) => number;
}

export interface Consumidor {
  parar(): Promise<void>;
}

/**
 * A durable pull consumer with explicit acks: a message is acked only after `tratar` resolved,
 * so a crash redelivers it (handlers must be idempotent: at-least-once). A failure is nak'ed with
 * back-off; the consumer never drops a message by itself.
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

  const processar = async (m: JsMsg) => {
    const mensagem: MensagemRecebida = {
      id: m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`,
      assunto: m.subject,
      tentativa: m.info.redeliveryCount,
      requestId: m.headers?.get('x-request-id') || undefined,
    };
    try {
      const dados = JSON.parse(decodificador.decode(m.data));
      await contextoExecucao.run({ requestId: mensagem.requestId }, () => tratar(dados, mensagem));
      m.ack();
    } catch (erro) {
      registrarErro(erro as Error, mensagem);
      m.nak(atraso(mensagem.tentativa, erro as Error));
    }
  };

  const laco = (async () => {
    for await (const m of mensagens) {
      const p = processar(m).finally(() => emAndamento.delete(p));
      emAndamento.add(p);
      if (emAndamento.size >= concorrencia) await Promise.race(emAndamento);
    }
  })();

  return {
    async parar() {
      await mensagens.close();
      await laco.catch(() => undefined);
      await Promise.allSettled([...emAndamento]);
    },
  };
}
