import { Body, Controller, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiBasicAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ContextoRequisicao } from '@emissor/contracts';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CertificadosService } from './certificados.service';
import { EnviarCertificadoDto } from './dto/enviar-certificado.dto';
import { Erros } from '../openapi/erros';
import { CertificadoInstaladoResposta } from '../empresas/dto/empresa.resposta';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1/empresa/certificado')
export class CertificadosController {
  constructor(private readonly certificados: CertificadosService) {}

  @Put()
  @HttpCode(200)
  @ApiOkResponse({ type: CertificadoInstaladoResposta })
  @Erros(404, 413, 415, 422)
  @ApiOperation({ summary: 'Envia o certificado A1 (PFX em base64 e senha) da empresa' })
  enviar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: EnviarCertificadoDto) {
    return this.certificados.enviar(contexto, dto);
  }

  @Post('teste')
  @HttpCode(200)
  @ApiOkResponse({ type: CertificadoInstaladoResposta })
  @Erros(404, 422)
  @ApiOperation({
    summary: 'Emite e instala um certificado A1 de teste (AC de teste da implantação), só onde SEFAZ_MODE=simulador; 404 nas demais',
  })
  emitirTeste(@ContextoAtual() contexto: ContextoRequisicao, @Req() req: { body?: unknown }) {
    return this.certificados.emitirTeste(contexto, req.body);
  }
}
