import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
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
import { headers as cabecalhosNats } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export const CLIENTE_NATS_NEST = Symbol('CLIENTE_NATS_NEST');
export const TEMPO_LIMITE_RPC_PADRAO_MS = 15_000;

/**
 * Request-reply over NATS with the envelope of the contracts lib. Transport failures become
 * `FalhaRpc` values the gateway can show as they are: 504 when the service did not answer in time,
 * 503 when NATS itself is unreachable. The request and the reply are the subject's (`MapaRpc`): a
 * caller cannot send another payload or read another reply than the one its subject has.
 */
@Injectable()
export class ClienteRpc implements OnModuleInit, OnApplicationShutdown {
  constructor(@Inject(CLIENTE_NATS_NEST) private readonly cliente: ClientProxy) {}

  async onModuleInit() {
    await this.cliente.connect();
  }

  async onApplicationShutdown() {
    await this.cliente.close();
  }

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
    const registro = new NatsRecordBuilder(pedido).setHeaders(cabecalhos).build();
    try {
      return await firstValueFrom(
        this.cliente.send<RespostaRpc<RespostaDe<A>>>(comNamespace(assunto), registro).pipe(timeout(tempoLimiteMs)),
      );
    } catch (erro) {
      if (erro instanceof TimeoutError) return falha(504, 'Tempo esgotado aguardando resposta do serviço');
      return falha(503, MensagensErro.servicoIndisponivel);
    }
  }

  /** A tenant request (the gateway's): the envelope built from the request context. */
  enviarComContexto<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>, tempoLimiteMs?: number) {
    // For these subjects PedidoDe<A> is PedidoRpc<DadosDe<A>>; the compiler cannot see it through the generic.
    return this.enviar(assunto, { contexto, dados } as PedidoDe<A>, tempoLimiteMs);
  }
}
