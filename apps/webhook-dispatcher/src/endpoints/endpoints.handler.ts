import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type CriarWebhook, type PedidoRpc, type ReferenciaWebhook, type SemDados } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { EndpointsService } from './endpoints.service';

@Controller()
export class EndpointsHandler {
  constructor(private readonly endpoints: EndpointsService) {}

  @AtenderRpc(Assuntos.webhooks.endpoints.criar)
  criar(@Payload() p: PedidoRpc<CriarWebhook>) {
    return this.endpoints.criar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.webhooks.endpoints.listar)
  listar(@Payload() p: PedidoRpc<SemDados>) {
    return this.endpoints.listar(p.contexto);
  }

  @AtenderRpc(Assuntos.webhooks.endpoints.remover)
  remover(@Payload() p: PedidoRpc<ReferenciaWebhook>) {
    return this.endpoints.remover(p.contexto, p.dados.id);
  }
}
