import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, type CertificadoObtido, type CertificadoRecusado, comNamespace, falha, type PedidoCertificado, type PedidoInterno, type RespostaRpc, sucesso } from '@emissor/contracts';
import { CertificadosService } from './certificados.service';

/** Registry requests from the other apps (NATS). */
@Controller()
export class CertificadosHandler {
  constructor(private readonly certificados: CertificadosService) {}

  @MessagePattern(comNamespace(Assuntos.cadastro.certificadoObter))
  async obter(@Payload() pedido: PedidoInterno<PedidoCertificado>): Promise<RespostaRpc<CertificadoObtido>> {
    const certificado = await this.certificados.obter(pedido.dados.empresa_id);
    return certificado ? sucesso(certificado) : falha(404, 'Empresa sem certificado digital');
  }

  @MessagePattern(comNamespace(Assuntos.cadastro.certificadoRecusado))
  async recusado(@Payload() pedido: PedidoInterno<CertificadoRecusado>): Promise<RespostaRpc<Record<string, never>>> {
    const { empresa_id, versao, motivo } = pedido.dados ?? ({} as CertificadoRecusado);
    if (typeof empresa_id !== 'string' || typeof versao !== 'string' || typeof motivo !== 'string') return falha(422, 'Pedido inválido');
    await this.certificados.registrarRecusa(empresa_id, versao, motivo);
    return sucesso({});
  }
}
