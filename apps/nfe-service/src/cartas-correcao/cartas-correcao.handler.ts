import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type CriarCartaCorrecao, type PedidoRpc, type ReferenciaCartaCorrecao, type ReferenciaNota } from '@emissor/contracts';
import { CartasCorrecaoService } from './cartas-correcao.service';

@Controller()
export class CartasCorrecaoHandler {
  constructor(private readonly cartas: CartasCorrecaoService) {}

  @MessagePattern(comNamespace(Assuntos.nfe.cartasCorrecao.criar))
  criar(@Payload() p: PedidoRpc<CriarCartaCorrecao>) {
    return this.cartas.criar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.cartasCorrecao.listar))
  listar(@Payload() p: PedidoRpc<ReferenciaNota>) {
    return this.cartas.listar(p.contexto, p.dados.uuid);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.cartasCorrecao.xml))
  xml(@Payload() p: PedidoRpc<ReferenciaCartaCorrecao>) {
    return this.cartas.xml(p.contexto, p.dados);
  }
}
