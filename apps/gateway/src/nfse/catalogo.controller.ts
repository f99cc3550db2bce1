import { Body, Controller, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Assuntos } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyRequest } from 'fastify';
import { Admin } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { responder } from '../nfe/responder';
import { CodigoMunicipioParam, CriarServicoMunicipalDto } from './dto/servico-municipal.dto';
import { Erros } from '../openapi/erros';
import { ServicoMunicipalCadastradoResposta } from './dto/nota-nfse.resposta';

@ApiTags('admin')
@ApiBearerAuth()
@Admin()
@Controller('admin/v1/municipios')
export class CatalogoMunicipalController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  @Post(':codigo_municipio/servicos')
  @HttpCode(201)
  @ApiCreatedResponse({ type: ServicoMunicipalCadastradoResposta })
  @Erros(400, 413, 415, 422)
  @ApiOperation({ summary: 'Cadastra (ou substitui) um serviço no catálogo do município, usado pelas NFS-e' })
  async criar(@Param() p: CodigoMunicipioParam, @Body() dto: CriarServicoMunicipalDto, @Req() req: FastifyRequest) {
    const resposta = await this.rpc.enviar(
      Assuntos.nfse.catalogo.criarServico,
      { requestId: String(req.id), dados: { ...dto, codigo_municipio: p.codigo_municipio } },
      this.config.RPC_TEMPO_LIMITE_MS,
    );
    return responder(resposta);
  }
}
