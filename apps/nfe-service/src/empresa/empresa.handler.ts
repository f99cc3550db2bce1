import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type AtualizarConfiguracaoNfe, type PedidoRpc, type SemDados } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { EmpresaService } from './empresa.service';

@Controller()
export class EmpresaHandler {
  constructor(private readonly empresa: EmpresaService) {}

  @AtenderRpc(Assuntos.nfe.empresa.obter)
  obter(@Payload() pedido: PedidoRpc<SemDados>) {
    return this.empresa.obter(pedido.contexto);
  }

  @AtenderRpc(Assuntos.nfe.empresa.atualizar)
  atualizar(@Payload() pedido: PedidoRpc<AtualizarConfiguracaoNfe>) {
    return this.empresa.atualizar(pedido.contexto, pedido.dados);
  }
}
