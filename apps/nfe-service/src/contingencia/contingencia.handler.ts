import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, comNamespace, type ConsultarStatusSefaz, type PedidoRpc } from '@emissor/contracts';
import { ContingenciaService } from './contingencia.service';

@Controller()
export class ContingenciaHandler {
  constructor(private readonly contingencia: ContingenciaService) {}

  @MessagePattern(comNamespace(Assuntos.nfe.sefazStatus))
  status(@Payload() p: PedidoRpc<ConsultarStatusSefaz>) {
    return this.contingencia.status(p.contexto, p.dados ?? {});
  }
}
