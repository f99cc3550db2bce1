import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Assuntos,
  type CancelarNotaNfse,
  type CriarNotaNfse,
  type ListarNotasNfse,
  type PedidoRpc,
  type ReferenciaNotaNfse,
} from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { NotasNfseService } from './notas.service';

@Controller()
export class NotasNfseHandler {
  constructor(private readonly notas: NotasNfseService) {}

  @AtenderRpc(Assuntos.nfse.notas.criar)
  criar(@Payload() p: PedidoRpc<CriarNotaNfse>) {
    return this.notas.criar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfse.notas.obter)
  obter(@Payload() p: PedidoRpc<ReferenciaNotaNfse>) {
    return this.notas.obter(p.contexto, p.dados.id);
  }

  @AtenderRpc(Assuntos.nfse.notas.listar)
  listar(@Payload() p: PedidoRpc<ListarNotasNfse>) {
    return this.notas.listar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfse.notas.xml)
  xml(@Payload() p: PedidoRpc<ReferenciaNotaNfse>) {
    return this.notas.xml(p.contexto, p.dados.id);
  }

  @AtenderRpc(Assuntos.nfse.notas.erros)
  erros(@Payload() p: PedidoRpc<ReferenciaNotaNfse>) {
    return this.notas.erros(p.contexto, p.dados.id);
  }

  @AtenderRpc(Assuntos.nfse.notas.cancelar)
  cancelar(@Payload() p: PedidoRpc<CancelarNotaNfse>) {
    return this.notas.cancelar(p.contexto, p.dados);
  }
}
