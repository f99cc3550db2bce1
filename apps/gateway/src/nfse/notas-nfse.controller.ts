import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBasicAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AssuntoComContexto, Assuntos, type ContextoRequisicao, type DadosDe, type SituacaoNfse } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { parametrosInvalidos } from '../http/erro-http';
import { enviarXml, responder, RespostaXml } from '../nfe/responder';
import { CancelamentoNfseQuery, CriarNotaNfseDto, IdNotaNfseParam, ListarNotasNfseQuery } from './dto/nota-nfse.dto';
import { Erros } from '../openapi/erros';
import { CancelamentoNfseSolicitadoResposta, ErrosNotaNfseResposta, NfseResposta } from './dto/nota-nfse.resposta';

@ApiTags('nfse')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfse/v1/notas')
export class NotasNfseController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  private chamar<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>) {
    return this.rpc.enviarComContexto(assunto, contexto, dados, this.config.RPC_TEMPO_LIMITE_MS);
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: NfseResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({ summary: 'Emite uma NFS-e: grava, gera o RPS e o enfileira para o lote da prefeitura (201, rps e nfse pendentes)' })
  async criar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarNotaNfseDto) {
    return responder(await this.chamar(Assuntos.nfse.notas.criar, contexto, { ...dto }));
  }

  @Get()
  @ApiOkResponse({
    type: NfseResposta,
    isArray: true,
    headers: { 'X-Total-Count': { description: 'Total de notas do filtro', schema: { type: 'integer' } } },
  })
  @Erros(400, 404)
  @ApiOperation({
    summary: 'Lista as NFS-e, mais recentes primeiro (page, per_page, codigo_externo, situacao, data_inicio, data_fim; X-Total-Count)',
  })
  async listar(
    @ContextoAtual() contexto: ContextoRequisicao,
    @Query() q: ListarNotasNfseQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (q.data_inicio && q.data_fim && q.data_fim < q.data_inicio)
      throw parametrosInvalidos(400, { data_fim: ['deve ser maior ou igual a data_inicio'] });
    const resposta = await this.chamar(Assuntos.nfse.notas.listar, contexto, {
      page: q.page ? Number(q.page) : 1,
      per_page: q.per_page ? Number(q.per_page) : 20,
      codigo_externo: q.codigo_externo,
      situacao: q.situacao as SituacaoNfse | undefined, // the DTO checked it against the list
      data_inicio: q.data_inicio,
      data_fim: q.data_fim,
    });
    if (resposta.ok && resposta.cabecalhos) reply.headers(resposta.cabecalhos);
    return responder(resposta);
  }

  @Get(':id')
  @ApiOkResponse({ type: NfseResposta })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Consulta uma NFS-e (acompanhe rps.situacao e nfse.situacao)' })
  async obter(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam) {
    return responder(await this.chamar(Assuntos.nfse.notas.obter, contexto, { id: p.id }));
  }

  @Get(':id/erros')
  @ApiOkResponse({ type: ErrosNotaNfseResposta })
  @Erros(400, 404)
  @ApiOperation({
    summary:
      'Por que a prefeitura ou o Sistema Nacional recusou o RPS/DPS (erros, processado_com_erro) ou o último cancelamento de uma nota que segue emitida (cancelamento_erros)',
  })
  async erros(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam) {
    return responder(await this.chamar(Assuntos.nfse.notas.erros, contexto, { id: p.id }));
  }

  @Get(':id/xml')
  @RespostaXml('XML da NFS-e emitida')
  @Erros(400, 404, 406, 409)
  @ApiOperation({
    summary: 'XML da NFS-e emitida (nacional: a NFSe assinada pelo Sistema Nacional; ABRASF: CompNfse); 409 antes da emissão',
  })
  async xml(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam, @Res() reply: FastifyReply) {
    const { xml } = responder(await this.chamar(Assuntos.nfse.notas.xml, contexto, { id: p.id }));
    return enviarXml(reply, xml);
  }

  @Delete(':id/cancel')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: CancelamentoNfseSolicitadoResposta })
  @Erros(400, 404, 422)
  @ApiOperation({ summary: 'Pede o cancelamento de uma NFS-e emitida (assíncrono: acompanhe até nfse.situacao cancelada)' })
  async cancelar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam, @Query() q: CancelamentoNfseQuery) {
    return responder(await this.chamar(Assuntos.nfse.notas.cancelar, contexto, { id: p.id, motivo_cancelamento: q.motivo_cancelamento }));
  }
}
