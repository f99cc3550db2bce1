import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { MensagensErro } from '@emissor/contracts';
import type { FastifyReply } from 'fastify';
import { RespostaRepetida } from '../idempotencia/resposta-repetida';
import { ErroHttp } from './erro-http';
import { MensagensHttp } from './mensagens-http';

/**
 * Every error leaves the gateway as JSON `{error: string}` (decisions §2). Known errors keep their
 * status; anything unexpected is logged with the request id and answered 500 without internals.
 */
@Catch()
export class FiltroErros implements ExceptionFilter {
  private readonly registro = new Logger('http');

  catch(erro: unknown, host: ArgumentsHost) {
    const resposta = host.switchToHttp().getResponse<FastifyReply>();
    if (erro instanceof RespostaRepetida) return erro.enviar(resposta);
    const { status, corpo, cabecalhos } = traduzirErro(erro, this.registro);
    for (const [nome, valor] of Object.entries(cabecalhos)) resposta.header(nome, valor);
    resposta.status(status).send(corpo);
  }
}

interface ErroTraduzido {
  status: number;
  corpo: Record<string, unknown>;
  cabecalhos: Record<string, string>;
}

const MENSAGENS_POR_STATUS: Record<number, string> = {
  400: 'Requisição inválida',
  401: MensagensErro.naoAutorizado,
  404: MensagensErro.recursoNaoEncontrado,
  405: 'Método não permitido',
  406: MensagensErro.naoAceitavel,
  413: 'Corpo da requisição excede o tamanho máximo',
  415: MensagensHttp.tipoNaoSuportado,
};

/** Also used by Fastify's own error handler (errors raised before Nest routes the request). */
export function traduzirErro(erro: unknown, registro: Pick<Logger, 'error'>): ErroTraduzido {
  if (erro instanceof ErroHttp) return { status: erro.getStatus(), corpo: erro.corpo, cabecalhos: erro.cabecalhos };
  if (erro instanceof HttpException) {
    const status = erro.getStatus();
    const r = erro.getResponse();
    if (typeof r === 'object' && r && typeof (r as { error?: unknown }).error === 'string' && !('statusCode' in r)) {
      return { status, corpo: r as Record<string, unknown>, cabecalhos: {} };
    }
    if (status === 503 && typeof r === 'object') return { status, corpo: r as Record<string, unknown>, cabecalhos: {} };
    // Nest wraps Fastify's body-parser errors ("Body is not valid JSON...", empty JSON body).
    if (status === 400 && /JSON/.test(erro.message)) return { status, corpo: { error: MensagensErro.jsonInvalido }, cabecalhos: {} };
    return { status, corpo: { error: MENSAGENS_POR_STATUS[status] ?? erro.message }, cabecalhos: {} };
  }
  // Fastify errors: body parsing and limits, before any route code runs.
  const fastify = erro as { statusCode?: number; code?: string; message?: string };
  if (typeof fastify?.statusCode === 'number' && fastify.statusCode >= 400 && fastify.statusCode < 500) {
    const json =
      fastify.statusCode === 400 && (erro instanceof SyntaxError || /JSON/i.test(fastify.code ?? '') || /JSON/.test(fastify.message ?? ''));
    const mensagem = json ? MensagensErro.jsonInvalido : (MENSAGENS_POR_STATUS[fastify.statusCode] ?? 'Requisição inválida');
    return { status: fastify.statusCode, corpo: { error: mensagem }, cabecalhos: {} };
  }
  registro.error(`Erro inesperado: ${(erro as Error)?.message}`, (erro as Error)?.stack);
  return { status: 500, corpo: { error: 'Erro interno do servidor' }, cabecalhos: {} };
}
