import type { FastifyReply } from 'fastify';
import { CABECALHO_REPETIDA } from './chave-idempotencia';

/**
 * A stored answer to send again instead of running the route. Thrown by the interceptor (the
 * only way out of Nest's pipeline that skips the handler) and sent as is by the error filter.
 */
export class RespostaRepetida extends Error {
  constructor(
    readonly status: number,
    readonly tipoConteudo: string | null,
    readonly corpo: string,
  ) {
    super('Resposta idempotente repetida');
  }

  enviar(reply: FastifyReply) {
    if (this.tipoConteudo) reply.header('content-type', this.tipoConteudo);
    reply.header(CABECALHO_REPETIDA, 'true').status(this.status).send(this.corpo);
  }
}
