import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type CriarServicoMunicipal, type PedidoInterno } from '@emissor/contracts';
import { AtenderRpcInterno } from '@emissor/plataforma';
import { CatalogoService } from './catalogo.service';

/** Operator requests relayed by the gateway (admin API, no tenant). */
@Controller()
export class CatalogoHandler {
  constructor(private readonly catalogo: CatalogoService) {}

  @AtenderRpcInterno(Assuntos.nfse.catalogo.criarServico)
  criar(@Payload() p: PedidoInterno<CriarServicoMunicipal>) {
    return this.catalogo.criar(p.dados);
  }
}
