import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import type { RespostaRpc } from '@emissor/contracts';
import type { FastifyReply } from 'fastify';
import { TiposAceitos } from '../autenticacao/decoradores';
import { ErroHttp } from '../http/erro-http';

/** A service's answer as the HTTP answer: data as is, failures with the service's status and body. */
export function responder<T>(resposta: RespostaRpc<T>): T {
  if (resposta.ok) return resposta.dados;
  const { status, error, params } = resposta.falha;
  throw new ErroHttp(status, params ? { error, params } : { error });
}

/** A route that answers an XML document: the Accept it serves and its OpenAPI answer. */
export const RespostaXml = (descricao: string) =>
  applyDecorators(
    TiposAceitos('application/xml'),
    ApiProduces('application/xml'),
    ApiOkResponse({ description: descricao, content: { 'application/xml': { schema: { type: 'string' } } } }),
  );

/** Sends an XML document (nfeProc, ProcInutNFe, procEventoNFe, NFS-e) as the answer. */
export const enviarXml = (reply: FastifyReply, xml: string) =>
  reply.header('content-type', 'application/xml; charset=utf-8').status(200).send(xml);
