import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Assuntos,
  type CancelarNota,
  type CriarNota,
  type ListarNotas,
  type PedidoRpc,
  type ReemitirNota,
  type ReferenciaNota,
} from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { NotasService } from './notas.service';

@Controller()
export class NotasHandler {
  constructor(private readonly notas: NotasService) {}

  @AtenderRpc(Assuntos.nfe.notas.criar)
  criar(@Payload() p: PedidoRpc<CriarNota>) {
    return this.notas.criar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.notas.obter)
  obter(@Payload() p: PedidoRpc<ReferenciaNota>) {
    return this.notas.obter(p.contexto, p.dados.uuid);
  }

  @AtenderRpc(Assuntos.nfe.notas.listar)
  listar(@Payload() p: PedidoRpc<ListarNotas>) {
    return this.notas.listar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.notas.cancelar)
  cancelar(@Payload() p: PedidoRpc<CancelarNota>) {
    return this.notas.cancelar(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.notas.xml)
  xml(@Payload() p: PedidoRpc<ReferenciaNota>) {
    return this.notas.xml(p.contexto, p.dados.uuid);
  }

  @AtenderRpc(Assuntos.nfe.notas.reemitir)
  reemitir(@Payload() p: PedidoRpc<ReemitirNota>) {
    return this.notas.reemitir(p.contexto, p.dados);
  }
}
