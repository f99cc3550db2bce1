import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  Assuntos,
  type AtualizarMercadoria,
  comNamespace,
  type CriarMercadoria,
  type PedidoRpc,
  type ReferenciaMercadoria,
} from '@emissor/contracts';
import { MercadoriasService } from './mercadorias.service';

@Controller()
export class MercadoriasHandler {
  constructor(private readonly mercadorias: MercadoriasService) {}

  @MessagePattern(comNamespace(Assuntos.nfe.mercadorias.criar))
  criar(@Payload() p: PedidoRpc<CriarMercadoria>) {
    return this.mercadorias.criar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.mercadorias.obter))
  obter(@Payload() p: PedidoRpc<ReferenciaMercadoria>) {
    return this.mercadorias.obter(p.contexto, p.dados.codigo);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.mercadorias.atualizar))
  atualizar(@Payload() p: PedidoRpc<AtualizarMercadoria>) {
    return this.mercadorias.atualizar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.mercadorias.remover))
  remover(@Payload() p: PedidoRpc<ReferenciaMercadoria>) {
    return this.mercadorias.remover(p.contexto, p.dados.codigo);
  }
}
