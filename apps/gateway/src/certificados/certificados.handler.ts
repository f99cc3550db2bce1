import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Assuntos,
  type CertificadoObtido,
  type CertificadoRecusado,
  falha,
  type PedidoCertificado,
  type PedidoInterno,
  type RespostaRpc,
  type SemDados,
  sucesso,
} from '@emissor/contracts';
import { AtenderRpcInterno } from '@emissor/plataforma';
import { CertificadosService } from './certificados.service';

/** Registry requests from the other apps (NATS). */
@Controller()
export class CertificadosHandler {
  constructor(private readonly certificados: CertificadosService) {}

  @AtenderRpcInterno(Assuntos.cadastro.certificadoObter)
  async obter(@Payload() pedido: PedidoInterno<PedidoCertificado>): Promise<RespostaRpc<CertificadoObtido>> {
    const certificado = await this.certificados.obter(pedido.dados.empresa_id);
    return certificado ? sucesso(certificado) : falha(404, 'Empresa sem certificado digital');
  }

  @AtenderRpcInterno(Assuntos.cadastro.certificadoRecusado)
  async recusado(@Payload() pedido: PedidoInterno<CertificadoRecusado>): Promise<RespostaRpc<SemDados>> {
    const { empresa_id, versao, motivo } = pedido.dados ?? ({} as CertificadoRecusado);
    if (typeof empresa_id !== 'string' || typeof versao !== 'string' || typeof motivo !== 'string') return falha(422, 'Pedido inválido');
    await this.certificados.registrarRecusa(empresa_id, versao, motivo);
    return sucesso({});
  }
}
