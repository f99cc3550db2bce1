import { Body, Controller, HttpCode, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ContextoRequisicao } from '@emissor/contracts';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CertificadosService } from './certificados.service';
import { EnviarCertificadoDto } from './dto/enviar-certificado.dto';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1/empresa/certificado')
export class CertificadosController {
  constructor(private readonly certificados: CertificadosService) {}

  @Put()
  @HttpCode(200)
  @ApiOperation({ summary: 'Envia o certificado A1 (PFX em base64 e senha) da empresa' })
  enviar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: EnviarCertificadoDto) {
    return this.certificados.enviar(contexto, dto);
  }
}
