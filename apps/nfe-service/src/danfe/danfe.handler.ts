import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type PedidoRpc, type ReferenciaNota } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { DanfeService } from './danfe.service';

@Controller()
export class DanfeHandler {
  constructor(private readonly danfe: DanfeService) {}

  /** PDF of an authorized (or cancelled) note; 404 unknown or foreign, 409 before authorization. */
  @AtenderRpc(Assuntos.nfe.notas.danfe)
  obter(@Payload() p: PedidoRpc<ReferenciaNota>) {
    return this.danfe.obter(p.contexto, p.dados.uuid);
  }
}
