import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Assuntos, type CriarInutilizacao, type InutilizarNota, type PedidoRpc, type ReferenciaInutilizacao } from '@emissor/contracts';
import { AtenderRpc } from '@emissor/plataforma';
import { InutilizacaoService } from './inutilizacao.service';

@Controller()
export class InutilizacaoHandler {
  constructor(private readonly inutilizacao: InutilizacaoService) {}

  @AtenderRpc(Assuntos.nfe.inutilizacoes.criar)
  faixa(@Payload() p: PedidoRpc<CriarInutilizacao>) {
    return this.inutilizacao.faixa(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.inutilizacoes.xml)
  xml(@Payload() p: PedidoRpc<ReferenciaInutilizacao>) {
    return this.inutilizacao.xml(p.contexto, p.dados);
  }

  @AtenderRpc(Assuntos.nfe.notas.inutilizar)
  nota(@Payload() p: PedidoRpc<InutilizarNota>) {
    return this.inutilizacao.nota(p.contexto, p.dados);
  }
}
