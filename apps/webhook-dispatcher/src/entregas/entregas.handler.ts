import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type ListarEntregas, type PedidoRpc, type ReenviarEntrega } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { EntregasService } from './entregas.service';

@Controller()
export class EntregasHandler {
  constructor(private readonly entregas: EntregasService) {}

  @AtenderRpc(Assuntos.webhooks.entregas.listar)
  listar(@Payload() p: PedidoRpc<ListarEntregas>) {
    return this.entregas.listar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.webhooks.entregas.reenviar)
  reenviar(@Payload() p: PedidoRpc<ReenviarEntrega>) {
    return this.entregas.reenviar(p.contexto, p.dados);
  }
}
