import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type PedidoInterno, type PedidoInutilizacaoSefaz } from '@emissor/contracts';
import { AtenderRpcInterno } from '@emissor/plataforma';
import { InutilizacaoService } from './inutilizacao.service';

/** Request-reply from nfe-service: the API answers inutilização synchronously. */
@Controller()
export class InutilizacaoHandler {
  constructor(private readonly inutilizacao: InutilizacaoService) {}

  @AtenderRpcInterno(Assuntos.sefaz.inutilizar)
  inutilizar(@Payload() pedido: PedidoInterno<PedidoInutilizacaoSefaz>) {
    return this.inutilizacao.inutilizar(pedido?.dados);
  }
}
