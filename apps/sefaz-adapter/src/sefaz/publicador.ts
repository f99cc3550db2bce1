import { Inject, Injectable } from '@nestjs/common';
import { CONEXAO_NATS, publicarJetStream } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';

/** Durable publication of results (JetStream, deduplicated by the message id). */
export interface Publicador {
  publicar(assunto: string, dados: unknown, idMensagem: string): Promise<void>;
}
export const PUBLICADOR = Symbol('PUBLICADOR');

@Injectable()
export class PublicadorJetStream implements Publicador {
  constructor(@Inject(CONEXAO_NATS) private readonly nc: NatsConnection) {}

  publicar(assunto: string, dados: unknown, idMensagem: string): Promise<void> {
    return publicarJetStream(this.nc, assunto, dados, idMensagem);
  }
}
