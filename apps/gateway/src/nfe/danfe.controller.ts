import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Assuntos, type ContextoRequisicao } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual, TiposAceitos } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { UuidNotaParam } from './dto/nota.dto';
import { responder } from './responder';
import { Erros } from '../openapi/erros';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1')
export class DanfeController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  @Get('notas/:uuid/danfe')
  @TiposAceitos('application/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'DANFE em PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @Erros(400, 404, 406, 409, 503)
  @ApiOperation({ summary: 'DANFE (PDF) da nota autorizada ou cancelada; 409 antes da autorização' })
  async danfe(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Res() reply: FastifyReply) {
    const resposta = await this.rpc.enviarComContexto(
      Assuntos.nfe.notas.danfe,
      contexto,
      { uuid: p.uuid },
      this.config.RPC_TEMPO_LIMITE_MS,
    );
    const { pdf_base64 } = responder(resposta);
    const pdf = Buffer.from(pdf_base64, 'base64');
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="danfe-${p.uuid}.pdf"`)
      .status(200)
      .send(pdf);
  }
}
