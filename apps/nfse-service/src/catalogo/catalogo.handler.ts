import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type CriarServicoMunicipal, type PedidoInterno } from '@emissor/contracts';
import { CatalogoService } from './catalogo.service';

/** Operator requests relayed by the gateway (admin API, no tenant). */
@Controller()
export class CatalogoHandler {
  constructor(private readonly catalogo: CatalogoService) {}

  @MessagePattern(comNamespace(Assuntos.nfse.catalogo.criarServico))
  criar(@Payload() p: PedidoInterno<CriarServicoMunicipal>) {
    return this.catalogo.criar(p.dados);
  }
}
