import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, type CancelarNotaNfse, comNamespace, type CriarNotaNfse, type ListarNotasNfse, type PedidoRpc, type ReferenciaNotaNfse } from '@emissor/contracts';
import { NotasNfseService } from './notas.service';

@Controller()
export class NotasNfseHandler {
  constructor(private readonly notas: NotasNfseService) {}

  @MessagePattern(comNamespace(Assuntos.nfse.notas.criar))
  criar(@Payload() p: PedidoRpc<CriarNotaNfse>) {
    return this.notas.criar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfse.notas.obter))
  obter(@Payload() p: PedidoRpc<ReferenciaNotaNfse>) {
    return this.notas.obter(p.contexto, p.dados.id);
  }

  @MessagePattern(comNamespace(Assuntos.nfse.notas.listar))
  listar(@Payload() p: PedidoRpc<ListarNotasNfse>) {
    return this.notas.listar(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfse.notas.xml))
  xml(@Payload() p: PedidoRpc<ReferenciaNotaNfse>) {
    return this.notas.xml(p.contexto, p.dados.id);
  }

  @MessagePattern(comNamespace(Assuntos.nfse.notas.cancelar))
  cancelar(@Payload() p: PedidoRpc<CancelarNotaNfse>) {
    return this.notas.cancelar(p.contexto, p.dados);
  }
}
