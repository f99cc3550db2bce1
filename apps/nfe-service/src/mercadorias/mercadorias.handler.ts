import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type AtualizarMercadoria, type CriarMercadoria, type PedidoRpc, type ReferenciaMercadoria } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { MercadoriasService } from './mercadorias.service';

@Controller()
export class MercadoriasHandler {
  constructor(private readonly mercadorias: MercadoriasService) {}

  @AtenderRpc(Assuntos.nfe.mercadorias.criar)
  criar(@Payload() p: PedidoRpc<CriarMercadoria>) {
    return this.mercadorias.criar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.mercadorias.obter)
  obter(@Payload() p: PedidoRpc<ReferenciaMercadoria>) {
    return this.mercadorias.obter(p.contexto, p.dados.codigo);
  }

  @AtenderRpc(Assuntos.nfe.mercadorias.atualizar)
  atualizar(@Payload() p: PedidoRpc<AtualizarMercadoria>) {
    return this.mercadorias.atualizar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.mercadorias.remover)
  remover(@Payload() p: PedidoRpc<ReferenciaMercadoria>) {
    return this.mercadorias.remover(p.contexto, p.dados.codigo);
  }
}
