import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBasicAuth,
  ApiCreatedResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type AssuntoComContexto, Assuntos, type ContextoRequisicao, type DadosDe, type SituacaoEntrega } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { responder } from '../nfe/responder';
import { CriarWebhookDto, EntregaParams, ListarEntregasQuery, WebhookIdParam } from './dto/webhook.dto';
import { Erros } from '../openapi/erros';
import { SemCorpo } from '../http/validacao/sem-corpo';
import { EntregaWebhookResposta, WebhookCadastradoResposta, WebhookCriadoComChaveResposta } from './dto/webhook.resposta';

/** Webhook endpoints of the company selected by X-Empresa-CNPJ (decisions §5). The dispatcher decides. */
@ApiTags('webhooks')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('conta/v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  private chamar<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>) {
    return this.rpc.enviarComContexto(assunto, contexto, dados, this.config.RPC_TEMPO_LIMITE_MS);
  }

  @Post()
  @HttpCode(201)
  @ApiCreatedResponse({ type: WebhookCriadoComChaveResposta })
  @Erros(404, 413, 415, 422)
  @ApiOperation({ summary: 'Cadastra um endpoint; a chave_seguranca (assinatura HMAC) só aparece nesta resposta' })
  async criar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarWebhookDto) {
    return responder(await this.chamar(Assuntos.webhooks.endpoints.criar, contexto, { ...dto }));
  }

  @Get()
  @ApiOkResponse({ type: WebhookCadastradoResposta, isArray: true })
  @Erros(404)
  @ApiOperation({ summary: 'Lista os endpoints da empresa (sem a chave)' })
  async listar(@ContextoAtual() contexto: ContextoRequisicao) {
    return responder(await this.chamar(Assuntos.webhooks.endpoints.listar, contexto, {}));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Removido' })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Remove um endpoint: entregas pendentes são canceladas' })
  async remover(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: WebhookIdParam) {
    responder(await this.chamar(Assuntos.webhooks.endpoints.remover, contexto, { id: p.id }));
  }

  @Get(':id/entregas')
  @ApiOkResponse({
    type: EntregaWebhookResposta,
    isArray: true,
    headers: { 'X-Total-Count': { description: 'Total de entregas do filtro', schema: { type: 'integer' } } },
  })
  @Erros(400, 404)
  @ApiOperation({
    summary: 'Registro de entregas, mais recentes primeiro, com cada tentativa (page, per_page, event_id, situacao; X-Total-Count)',
  })
  async entregas(
    @ContextoAtual() contexto: ContextoRequisicao,
    @Param() p: WebhookIdParam,
    @Query() q: ListarEntregasQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const resposta = await this.chamar(Assuntos.webhooks.entregas.listar, contexto, {
      webhook_id: p.id,
      page: q.page ? Number(q.page) : 1,
      per_page: q.per_page ? Number(q.per_page) : 20,
      event_id: q.event_id,
      situacao: q.situacao as SituacaoEntrega | undefined,
    });
    if (resposta.ok && resposta.cabecalhos) reply.headers(resposta.cabecalhos);
    return responder(resposta);
  }

  @Post(':id/entregas/:entrega_id/reenviar')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: EntregaWebhookResposta })
  @Erros(400, 404, 422)
  @ApiOperation({ summary: 'Reenvia o evento desta entrega agora (mesmo event_id, nova assinatura), com novo ciclo de tentativas' })
  async reenviar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: EntregaParams, @SemCorpo() _corpo: void) {
    return responder(await this.chamar(Assuntos.webhooks.entregas.reenviar, contexto, { webhook_id: p.id, entrega_id: p.entrega_id }));
  }
}
