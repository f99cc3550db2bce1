import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBasicAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type AssuntoComContexto, Assuntos, type ContextoRequisicao, type DadosDe } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { CartaCorrecaoParam, CriarCartaCorrecaoDto, StatusSefazQuery } from './dto/carta-correcao.dto';
import { UuidNotaParam } from './dto/nota.dto';
import { enviarXml, responder, RespostaXml } from './responder';
import { Erros } from '../openapi/erros';
import { CartaCorrecaoNotaResposta, CartaCorrecaoSolicitadaResposta, StatusAutorizadorResposta } from './dto/carta-correcao.resposta';

/** NF-e events and the authority's status (decisions §9): cartas de correção (110110) and GET /nfe/v1/sefaz/status. */
@ApiTags('nfe')
@ApiBasicAuth()
@ApiHeader({ name: 'X-Empresa-CNPJ', required: false })
@ComEmpresa()
@Controller('nfe/v1')
export class CartasCorrecaoController {
  constructor(
    private readonly rpc: ClienteRpc,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {}

  private chamar<A extends AssuntoComContexto>(assunto: A, contexto: ContextoRequisicao, dados: DadosDe<A>) {
    return this.rpc.enviarComContexto(assunto, contexto, dados, this.config.RPC_TEMPO_LIMITE_MS);
  }

  @Post('notas/:uuid/carta-correcao')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: CartaCorrecaoSolicitadaResposta })
  @Erros(400, 404, 413, 415, 422)
  @ApiOperation({ summary: 'Pede uma carta de correção (evento 110110) de uma nota autorizada; até 20 por nota (assíncrono)' })
  async criar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam, @Body() dto: CriarCartaCorrecaoDto) {
    return responder(await this.chamar(Assuntos.nfe.cartasCorrecao.criar, contexto, { uuid: p.uuid, correcao: dto.correcao }));
  }

  @Get('notas/:uuid/cartas-correcao')
  @ApiOkResponse({ type: CartaCorrecaoNotaResposta, isArray: true })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Cartas de correção da nota, por sequência' })
  async listar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: UuidNotaParam) {
    return responder(await this.chamar(Assuntos.nfe.cartasCorrecao.listar, contexto, { uuid: p.uuid }));
  }

  @Get('notas/:uuid/cartas-correcao/:sequencia/xml')
  @RespostaXml('procEventoNFe da carta de correção')
  @Erros(400, 404, 406, 409)
  @ApiOperation({ summary: 'procEventoNFe da carta de correção autorizada; 409 antes' })
  async xml(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: CartaCorrecaoParam, @Res() reply: FastifyReply) {
    const { xml } = responder(
      await this.chamar(Assuntos.nfe.cartasCorrecao.xml, contexto, { uuid: p.uuid, sequencia: Number(p.sequencia) }),
    );
    return enviarXml(reply, xml);
  }

  @Get('sefaz/status')
  @ApiOkResponse({ type: StatusAutorizadorResposta })
  @Erros(400, 404)
  @ApiOperation({ summary: 'Disponibilidade do autorizador da UF (padrão: a da empresa) e a contingência em vigor' })
  async status(@ContextoAtual() contexto: ContextoRequisicao, @Query() q: StatusSefazQuery) {
    return responder(await this.chamar(Assuntos.nfe.sefazStatus, contexto, { uf: q.uf?.toUpperCase() }));
  }
}
