import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type ConsultarStatusSefaz, type PedidoRpc } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { ContingenciaService } from './contingencia.service';

@Controller()
export class ContingenciaHandler {
  constructor(private readonly contingencia: ContingenciaService) {}

  @AtenderRpc(Assuntos.nfe.sefazStatus)
  status(@Payload() p: PedidoRpc<ConsultarStatusSefaz>) {
    return this.contingencia.status(p.contexto, p.dados ?? {});
  }
}
