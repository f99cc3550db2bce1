import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type CriarCartaCorrecao, type PedidoRpc, type ReferenciaCartaCorrecao, type ReferenciaNota } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { CartasCorrecaoService } from './cartas-correcao.service';

@Controller()
export class CartasCorrecaoHandler {
  constructor(private readonly cartas: CartasCorrecaoService) {}

  @AtenderRpc(Assuntos.nfe.cartasCorrecao.criar)
  criar(@Payload() p: PedidoRpc<CriarCartaCorrecao>) {
    return this.cartas.criar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.cartasCorrecao.listar)
  listar(@Payload() p: PedidoRpc<ReferenciaNota>) {
    return this.cartas.listar(p.contexto, p.dados.uuid);
  }

  @AtenderRpc(Assuntos.nfe.cartasCorrecao.xml)
  xml(@Payload() p: PedidoRpc<ReferenciaCartaCorrecao>) {
    return this.cartas.xml(p.contexto, p.dados);
  }
}
