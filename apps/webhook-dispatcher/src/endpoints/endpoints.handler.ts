import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type CriarWebhook, type PedidoRpc, type ReferenciaWebhook } from '@emissor/contracts';
import { EndpointsService } from './endpoints.service';

@Controller()
export class EndpointsHandler {
  constructor(private readonly endpoints: EndpointsService) {}

  @MessagePattern(comNamespace(Assuntos.webhooks.endpoints.criar))
  criar(@Payload() p: PedidoRpc<CriarWebhook>) {
    return this.endpoints.criar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.webhooks.endpoints.listar))
  listar(@Payload() p: PedidoRpc<Record<string, never>>) {
    return this.endpoints.listar(p.contexto);
  }

  @MessagePattern(comNamespace(Assuntos.webhooks.endpoints.remover))
  remover(@Payload() p: PedidoRpc<ReferenciaWebhook>) {
    return this.endpoints.remover(p.contexto, p.dados.id);
  }
}
