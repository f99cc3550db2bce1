import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBasicAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Assuntos, type CancelamentoNfseSolicitado, type ContextoRequisicao, type NotaNfseResposta, type RespostaRpc } from '@emissor/contracts';
import { ClienteRpc } from '@emissor/plataforma';
import type { FastifyReply } from 'fastify';
import { ComEmpresa, ContextoAtual } from '../autenticacao/decoradores';
import { CONFIG, type ConfigGateway } from '../config';
import { parametrosInvalidos } from '../http/erro-http';
import { responder } from '../nfe/responder';
import { CancelamentoNfseQuery, CriarNotaNfseDto, IdNotaNfseParam, ListarNotasNfseQuery } from './dto/nota-nfse.dto';

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

  private chamar<T>(assunto: string, contexto: ContextoRequisicao, dados: object): Promise<RespostaRpc<T>> {
    return this.rpc.enviar<T>(assunto, { contexto, dados }, this.config.RPC_TEMPO_LIMITE_MS);
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Emite uma NFS-e: grava, gera o RPS e o enfileira para o lote da prefeitura (201, rps e nfse pendentes)' })
  async criar(@ContextoAtual() contexto: ContextoRequisicao, @Body() dto: CriarNotaNfseDto) {
    return responder(await this.chamar<NotaNfseResposta>(Assuntos.nfse.notas.criar, contexto, { ...dto }));
  }

  @Get()
  @ApiOperation({ summary: 'Lista as NFS-e, mais recentes primeiro (page, per_page, codigo_externo, situacao, data_inicio, data_fim; X-Total-Count)' })
  async listar(@ContextoAtual() contexto: ContextoRequisicao, @Query() q: ListarNotasNfseQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    if (q.data_inicio && q.data_fim && q.data_fim < q.data_inicio) throw parametrosInvalidos(400, { data_fim: ['deve ser maior ou igual a data_inicio'] });
    const resposta = await this.chamar<NotaNfseResposta[]>(Assuntos.nfse.notas.listar, contexto, {
      page: q.page ? Number(q.page) : 1,
      per_page: q.per_page ? Number(q.per_page) : 20,
      codigo_externo: q.codigo_externo,
      situacao: q.situacao,
      data_inicio: q.data_inicio,
      data_fim: q.data_fim,
    });
    if (resposta.ok && resposta.cabecalhos) reply.headers(resposta.cabecalhos);
    return responder(resposta);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Consulta uma NFS-e (acompanhe rps.situacao e nfse.situacao)' })
  async obter(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam) {
    return responder(await this.chamar<NotaNfseResposta>(Assuntos.nfse.notas.obter, contexto, { id: p.id }));
  }

  @Delete(':id/cancel')
  @HttpCode(202)
  @ApiOperation({ summary: 'Pede o cancelamento de uma NFS-e emitida (assíncrono: acompanhe até nfse.situacao cancelada)' })
  async cancelar(@ContextoAtual() contexto: ContextoRequisicao, @Param() p: IdNotaNfseParam, @Query() q: CancelamentoNfseQuery) {
    return responder(await this.chamar<CancelamentoNfseSolicitado>(Assuntos.nfse.notas.cancelar, contexto, { id: p.id, motivo_cancelamento: q.motivo_cancelamento }));
  }
}
