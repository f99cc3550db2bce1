import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import {
  CabecalhosNats,
  comNamespace,
  falha,
  MensagensErro,
  type PedidoInterno,
  type PedidoRpc,
  type RespostaRpc,
} from '@emissor/contracts';
import { headers as cabecalhosNats } from 'nats';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';

export const CLIENTE_NATS_NEST = Symbol('CLIENTE_NATS_NEST');
export const TEMPO_LIMITE_RPC_PADRAO_MS = 15_000;

/**
 * Request-reply over NATS with the envelope of the contracts lib. Transport failures become
 * `FalhaRpc` values the gateway can show as they are: 504 when the service did not answer in time,
 * 503 when NATS itself is unreachable.
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

  async enviar<R, D = unknown>(
    assunto: string,
    pedido: PedidoRpc<D> | PedidoInterno<D>,
    tempoLimiteMs = TEMPO_LIMITE_RPC_PADRAO_MS,
  ): Promise<RespostaRpc<R>> {
    const cabecalhos = cabecalhosNats();
    const requestId = 'contexto' in pedido ? pedido.contexto.requestId : pedido.requestId;
    if (requestId) cabecalhos.set(CabecalhosNats.requestId, requestId);
    if ('contexto' in pedido) cabecalhos.set(CabecalhosNats.credencial, pedido.contexto.credencial);
    const registro = new NatsRecordBuilder(pedido).setHeaders(cabecalhos).build();
    try {
      return await firstValueFrom(this.cliente.send<RespostaRpc<R>>(comNamespace(assunto), registro).pipe(timeout(tempoLimiteMs)));
    } catch (erro) {
      if (erro instanceof TimeoutError) return falha(504, 'Tempo esgotado aguardando resposta do serviço');
      return falha(503, MensagensErro.servicoIndisponivel);
    }
  }
}
