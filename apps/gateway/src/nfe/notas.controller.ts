import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBasicAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AssuntoComContexto, Assuntos, type ContextoRequisicao, type DadosDe, type SituacaoNfe } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import {
  CriarInutilizacaoDto,
  CriarNotaDto,
  FaixaInutilizacaoParam,
  InutilizarNotaDto,
  JustificativaQuery,
  ListarNotasQuery,
  UuidNotaParam,
} from './dto/nota.dto';
import { exigirMunicipioDoDestinatario } from './municipio-do-destinatario';
import { enviarXml, responder, RespostaXml } from './responder';
import { Erros } from '../openapi/erros';
import { CancelamentoSolicitadoResposta, InutilizacaoFaixaResposta, NotaNfeResposta } from './dto/nota.resposta';

@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1')
export class NotasController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  private chamar<A extends AssuntoComContexto>(
    assunto: A,
    contexto: ContextoRequisicao,
    dados: DadosDe<A>,
    tempoLimiteMs = this.config.RPC_TEMPO_LIMITE_MS,
  ) {
    return this.rpc.enviarComContexto(assunto, contexto, dados, tempoLimiteMs);
  }

  @Post('notas')
  @HttpCode(201)
  @ApiCreatedResponse({ type: NotaNfeResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({ summary: 'Emite uma NF-e: grava, assina e enfileira para autorização (201, situacao pendente)' })
  async criar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarNotaDto) {
    exigirMunicipioDoDestinatario(contexto.empresa, dto);
    return responder(await this.chamar(Assuntos.nfe.notas.criar, contexto, { ...dto }));
  }

  @Get('notas')
  @ApiOkResponse({
    type: NotaNfeResposta,
    isArray: true,
    headers: { 'X-Total-Count': { description: 'Total de notas do filtro', schema: { type: 'integer' } } },
  })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Lista as notas, mais recentes primeiro (page, per_page, situacao, codigo_externo; X-Total-Count)' })
  async listar(
    @ContextoAtual() contexto: ContextoRequisicao,
    @Query() q: ListarNotasQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const filtro = {
      page: q.page ? Number(q.page) : 1,
      per_page: q.per_page ? Number(q.per_page) : 20,
      situacao: q.situacao as SituacaoNfe | undefined, // the DTO checked it against the list
      codigo_externo: q.codigo_externo,
    };
    const primeira = await this.chamar(Assuntos.nfe.notas.listar, contexto, filtro);
    const { notas, restantes } = responder(primeira);
    // A page of large notes does not fit in one NATS message: nfe-service sends what fits and names the rest.
    for (let faltam = restantes; faltam?.length;) {
      const parte = responder(await this.chamar(Assuntos.nfe.notas.listar, contexto, { ...filtro, ids: faltam }));
      if (!parte.notas.length) break;
      notas.push(...parte.notas);
      faltam = parte.restantes;
    }
    if (primeira.ok && primeira.cabecalhos) reply.headers(primeira.cabecalhos);
    return notas;
  }

  @Get('notas/:uuid')
  @ApiOkResponse({ type: NotaNfeResposta })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Consulta uma nota (com status_sefaz depois da resposta da SEFAZ)' })
  async obter(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam) {
    return responder(await this.chamar(Assuntos.nfe.notas.obter, contexto, { uuid: p.uuid }));
  }

  @Delete('notas/:uuid/cancel')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: CancelamentoSolicitadoResposta })
  @Erros(400, 404, 422)
  @ApiOperation({ summary: 'Pede o cancelamento de uma nota autorizada (assíncrono, evento 110111)' })
  async cancelar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Query() q: JustificativaQuery) {
    return responder(await this.chamar(Assuntos.nfe.notas.cancelar, contexto, { uuid: p.uuid, justificativa: q.justificativa }));
  }

  @Get('notas/:uuid/xml')
  @RespostaXml(
    'nfeProc com o protocolo da SEFAZ: nota autorizada, cancelada ou denegada (o emitente guarda também a denegada); ' +
      'de uma nota inutilizada, o ProcInutNFe (o pedido de inutilização assinado e a homologação da SEFAZ)',
  )
  @Erros(400, 404, 406, 409)
  @ApiOperation({
    summary:
      'XML da nota: nfeProc da autorizada, cancelada ou denegada; ProcInutNFe da inutilizada; 409 antes do veredicto ou se rejeitada',
  })
  async xml(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Res() reply: FastifyReply) {
    const { xml } = responder(await this.chamar(Assuntos.nfe.notas.xml, contexto, { uuid: p.uuid }));
    return enviarXml(reply, xml);
  }

  @Post('notas/:uuid/reemitir')
  @HttpCode(201)
  @ApiCreatedResponse({ type: NotaNfeResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({
    summary: 'Reemite uma nota rejeitada, com o corpo corrigido: mesma série e número, novo uuid',
    description: 'A série é a da nota rejeitada: `serie` omitida ou igual a ela; outra é 422.',
  })
  async reemitir(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Body() dto: CriarNotaDto) {
    exigirMunicipioDoDestinatario(contexto.empresa, dto);
    return responder(await this.chamar(Assuntos.nfe.notas.reemitir, contexto, { uuid: p.uuid, nota: { ...dto } }));
  }

  @Post('notas/:uuid/inutilizar')
  @HttpCode(200)
  @ApiOkResponse({ type: NotaNfeResposta })
  @Erros(400, 404, 413, 415, 422, 502)
  @ApiOperation({ summary: 'Inutiliza na SEFAZ o número de uma nota rejeitada (síncrono)' })
  async inutilizarNota(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Body() dto: InutilizarNotaDto) {
    return responder(
      await this.chamar(
        Assuntos.nfe.notas.inutilizar,
        contexto,
        { uuid: p.uuid, justificativa: dto.justificativa },
        this.config.RPC_TEMPO_LIMITE_SEFAZ_MS,
      ),
    );
  }

  @Post('inutilizacoes')
  @HttpCode(200)
  @ApiOkResponse({ type: InutilizacaoFaixaResposta })
  @Erros(400, 404, 413, 415, 422, 502)
  @ApiOperation({ summary: 'Inutiliza uma faixa de numeração na SEFAZ (síncrono; 502 se a SEFAZ não responde)' })
  async inutilizarFaixa(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarInutilizacaoDto) {
    return responder(await this.chamar(Assuntos.nfe.inutilizacoes.criar, contexto, { ...dto }, this.config.RPC_TEMPO_LIMITE_SEFAZ_MS));
  }

  @Get('inutilizacoes/:serie/:numero_inicial/:numero_final/xml')
  @RespostaXml('ProcInutNFe: o pedido de inutilização assinado e a homologação da SEFAZ, o documento que o emitente guarda')
  @Erros(400, 404, 406, 409)
  @ApiOperation({
    summary: 'XML (ProcInutNFe) de uma faixa inutilizada, no ambiente atual da empresa para o tipo da credencial; 409 antes da homologação',
  })
  async xmlInutilizacao(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: FaixaInutilizacaoParam, @Res() reply: FastifyReply) {
    const faixa = { serie: Number(p.serie), numero_inicial: Number(p.numero_inicial), numero_final: Number(p.numero_final) };
    const { xml } = responder(await this.chamar(Assuntos.nfe.inutilizacoes.xml, contexto, faixa));
    return enviarXml(reply, xml);
  }
}
