import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type CriarInutilizacao, type InutilizarNota, type PedidoRpc } from '@emissor/contracts';
import { InutilizacaoService } from './inutilizacao.service';

@Controller()
export class InutilizacaoHandler {
  constructor(private readonly inutilizacao: InutilizacaoService) {}

  @MessagePattern(comNamespace(Assuntos.nfe.inutilizacoes.criar))
  faixa(@Payload() p: PedidoRpc<CriarInutilizacao>) {
    return this.inutilizacao.faixa(p.contexto, p.dados);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.notas.inutilizar))
  nota(@Payload() p: PedidoRpc<InutilizarNota>) {
    return this.inutilizacao.nota(p.contexto, p.dados);
  }
}
