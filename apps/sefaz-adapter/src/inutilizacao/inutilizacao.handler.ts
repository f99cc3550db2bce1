import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type PedidoInterno, type PedidoInutilizacaoSefaz } from '@emissor/contracts';
import { InutilizacaoService } from './inutilizacao.service';

/** Request-reply from nfe-service: the API answers inutilização synchronously. */
@Controller()
export class InutilizacaoHandler {
  constructor(private readonly inutilizacao: InutilizacaoService) {}

  @MessagePattern(comNamespace(Assuntos.sefaz.inutilizar))
  inutilizar(@Payload() pedido: PedidoInterno<PedidoInutilizacaoSefaz>) {
    return this.inutilizacao.inutilizar(pedido?.dados);
  }
}
