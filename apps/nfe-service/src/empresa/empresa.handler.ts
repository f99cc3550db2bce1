import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, type AtualizarConfiguracaoNfe, comNamespace, type PedidoRpc } from '@emissor/contracts';
import { EmpresaService } from './empresa.service';

@Controller()
export class EmpresaHandler {
  constructor(private readonly empresa: EmpresaService) {}

  @MessagePattern(comNamespace(Assuntos.nfe.empresa.obter))
  obter(@Payload() pedido: PedidoRpc<Record<string, never>>) {
    return this.empresa.obter(pedido.contexto);
  }

  @MessagePattern(comNamespace(Assuntos.nfe.empresa.atualizar))
  atualizar(@Payload() pedido: PedidoRpc<AtualizarConfiguracaoNfe>) {
    return this.empresa.atualizar(pedido.contexto, pedido.dados);
  }
}
