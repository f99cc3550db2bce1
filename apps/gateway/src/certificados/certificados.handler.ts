import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Assuntos, type CertificadoObtido, comNamespace, falha, type PedidoCertificado, type PedidoInterno, type RespostaRpc, sucesso } from '@emissor/contracts';
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
}
