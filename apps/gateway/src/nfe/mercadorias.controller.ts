import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put } from '@nestjs/common';
import { ApiBasicAuth, ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AssuntoComContexto, Assuntos, type ContextoRequisicao, type DadosDe } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { parametrosInvalidos } from '../http/erro-http';
import { AtualizarMercadoriaDto, CodigoMercadoriaParam, CriarMercadoriaDto } from './dto/mercadoria.dto';
import { responder } from './responder';
import { Erros } from '../openapi/erros';
import { MercadoriaCadastradaResposta } from './dto/mercadoria.resposta';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1/mercadorias')
export class MercadoriasController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  private enviar<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>) {
    return this.rpc.enviarComContexto(assunto, contexto, dados, this.config.RPC_TEMPO_LIMITE_MS).then(responder);
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: MercadoriaCadastradaResposta })
  @Erros(404, 413, 415, 422)
  @ApiOperation({ summary: 'Cadastra uma mercadoria no catálogo da empresa' })
  criar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarMercadoriaDto) {
    return this.enviar(Assuntos.nfe.mercadorias.criar, contexto, { ...dto });
  }

  @Get(':codigo')
  @ApiOkResponse({ type: MercadoriaCadastradaResposta })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Consulta uma mercadoria pelo código' })
  obter(@ContextoAtual() contexto: ContextoRequisicao, @Param() param: CodigoMercadoriaParam) {
    return this.enviar(Assuntos.nfe.mercadorias.obter, contexto, { codigo: param.codigo });
  }

  @Put(':codigo')
  @HttpCode(200)
  @ApiOkResponse({ type: MercadoriaCadastradaResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({ summary: 'Altera campos de uma mercadoria (os omitidos ficam como estão)' })
  atualizar(@ContextoAtual() contexto: ContextoRequisicao, @Param() param: CodigoMercadoriaParam, @Body() dto: AtualizarMercadoriaDto) {
    const { codigo, ...campos } = dto;
    if (codigo != null && codigo !== param.codigo)
      throw parametrosInvalidos(422, { codigo: ['não pode ser alterado (deve ser o código do caminho)'] });
    return this.enviar(Assuntos.nfe.mercadorias.atualizar, contexto, { ...campos, codigo: param.codigo });
  }

  @Delete(':codigo')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removida' })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Remove uma mercadoria' })
  async remover(@ContextoAtual() contexto: ContextoRequisicao, @Param() param: CodigoMercadoriaParam) {
    await this.enviar(Assuntos.nfe.mercadorias.remover, contexto, { codigo: param.codigo });
  }
}
