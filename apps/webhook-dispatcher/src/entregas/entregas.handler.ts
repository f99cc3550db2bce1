import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type ListarEntregas, type PedidoRpc, type ReenviarEntrega } from '@emissor/contracts';
import { EntregasService } from './entregas.service';

@Controller()
export class EntregasHandler {
  constructor(private readonly entregas: EntregasService) {}

  @MessagePattern(comNamespace(Assuntos.webhooks.entregas.listar))
  listar(@Payload() p: PedidoRpc<ListarEntregas>) {
    return this.entregas.listar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.webhooks.entregas.reenviar))
  reenviar(@Payload() p: PedidoRpc<ReenviarEntrega>) {
    return this.entregas.reenviar(p.contexto, p.dados);
  }
}
