import { Inject } from '@nestjs/common';
import { connect, type ConnectionOptions, type NatsConnection } from 'nats';

/** The raw NATS connection of an app: JetStream, health, and anything Nest's transport does not cover. */
export const CONEXAO_NATS = Symbol('CONEXAO_NATS');
export const InjetarConexaoNats = () => Inject(CONEXAO_NATS);

/**
 * The options of every NATS connection of the apps (the raw one, Nest's RPC client and server).
 * Retries forever: NATS restarts must not take the app down; readiness reports it meanwhile.
 * noAsyncTraces: nats.js would otherwise capture a stack trace (`new Error()`) for every request and
 * JetStream publish, only to decorate a timeout; it was a visible share of each app's CPU per note.
 */
export function opcoesConexaoNats(url: string, nome: string): ConnectionOptions {
  return { servers: [url], name: nome, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true };
}

export async function conectarNats(url: string, nome: string): Promise<NatsConnection> {
  return connect(opcoesConexaoNats(url, nome));
}
