import { Inject } from '@nestjs/common';
import { connect, type NatsConnection } from 'nats';

/** The raw NATS connection of an app: JetStream, health, and anything Nest's transport does not cover. */
export const CONEXAO_NATS = Symbol('CONEXAO_NATS');
export const InjetarConexaoNats = () => Inject(CONEXAO_NATS);

export async function conectarNats(url: string, nome: string): Promise<NatsConnection> {
  return connect({
    servers: url,
    name: nome,
    // Keep retrying forever: NATS restarts must not take the app down; readiness reports it meanwhile.
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
}
