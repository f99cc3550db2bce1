import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  type AssuntoComContexto,
  type AssuntoRpc,
  CabecalhosNats,
  comNamespace,
  type ContextoRequisicao,
  type DadosDe,
  falha,
  MensagensErro,
  type PedidoDe,
  type PedidoInterno,
  type PedidoRpc,
  type RespostaDe,
  type RespostaRpc,
} from '@emissor/contracts';
import { ErrorCode, headers as cabecalhosNats, type NatsConnection, type NatsError } from 'nats';
import { InjetarConexaoNats } from './conexao-nats';

export const TEMPO_LIMITE_RPC_PADRAO_MS = 15_000;

/** What Nest's NATS server answers a request with (its packet: the handler's value, or the error). */
interface RespostaNest<T> {
  id?: string;
  response?: T;
  err?: unknown;
}

/**
 * Request-reply over NATS with the envelope of the contracts lib. Transport failures become
 * `FalhaRpc` values the gateway can show as they are: 504 when the service did not answer in time,
 * 503 when NATS itself is unreachable. The request and the reply are the subject's (`MapaRpc`): a
 * caller cannot send another payload or read another reply than the one its subject has.
 *
 * The answering side is Nest's NATS server; the asking side writes Nest's packet (`{pattern, data,
 * id}`) itself and sends it with nats.js's request on the app's NATS connection (ModuloNats, which
 * drains it on shutdown), over its one shared reply subscription. Nest's client, on a connection of
 * its own, subscribed to a fresh inbox for every request (a SUB and an UNSUB through the server each
 * time), which cost CPU in the caller and in nats-server on every note.
 */
@Injectable()
export class ClienteRpc {
  constructor(@InjetarConexaoNats() private readonly nc: NatsConnection) {}

  async enviar<A extends AssuntoRpc>(
    assunto: A,
    pedido: PedidoDe<A>,
    tempoLimiteMs = TEMPO_LIMITE_RPC_PADRAO_MS,
  ): Promise<RespostaRpc<RespostaDe<A>>> {
    const cabecalhos = cabecalhosNats();
    const envelope: Partial<PedidoRpc<unknown> & PedidoInterno<unknown>> = pedido;
    const requestId = envelope.contexto ? envelope.contexto.requestId : envelope.requestId;
    if (requestId) cabecalhos.set(CabecalhosNats.requestId, requestId);
    if (envelope.contexto) cabecalhos.set(CabecalhosNats.credencial, envelope.contexto.credencial);
    const assuntoNats = comNamespace(assunto);
    const pacote = JSON.stringify({ pattern: assuntoNats, data: pedido, id: randomUUID() });
    try {
      const msg = await this.nc.request(assuntoNats, pacote, { timeout: tempoLimiteMs, headers: cabecalhos });
      const resposta = msg.json<RespostaNest<RespostaRpc<RespostaDe<A>>>>();
      // A handler that threw, or answered nothing: the service could not serve it.
      if (resposta.err !== undefined || resposta.response === undefined) return falha(503, MensagensErro.servicoIndisponivel);
      return resposta.response;
    } catch (erro) {
      if ((erro as NatsError).code === ErrorCode.Timeout) return falha(504, 'Tempo esgotado aguardando resposta do serviço');
      return falha(503, MensagensErro.servicoIndisponivel);
    }
  }

  /** A tenant request (the gateway's): the envelope built from the request context. */
  enviarComContexto<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>, tempoLimiteMs?: number) {
    // For these subjects PedidoDe<A> is PedidoRpc<DadosDe<A>>; the compiler cannot see it through the generic.
    return this.enviar(assunto, { contexto, dados } as PedidoDe<A>, tempoLimiteMs);
  }
}
