import { applyDecorators } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { RespostaRpc } from '@emissor/contracts';
import type { FastifyReply } from 'fastify';
import { TiposAceitos } from '../autenticacao/decoradores';
import { ErroHttp } from '../http/erro-http';
import { aceita } from '../http/negociacao';

/** A service's answer as the HTTP answer: data as is, failures with the service's status and body. */
export function responder<T>(resposta: RespostaRpc<T>): T {
  if (resposta.ok) return resposta.dados;
  const { status, error, params } = resposta.falha;
  throw new ErroHttp(status, params ? { error, params } : { error });
}

/** The XML media types a download serves (RFC 7303 §9.2: text/xml is an alias of application/xml). */
const TIPOS_XML = ['application/xml', 'text/xml'] as const;

/** A route that answers an XML document: the Accept it serves and its OpenAPI answer. */
export const RespostaXml = (descricao: string) =>
  applyDecorators(
    TiposAceitos(...TIPOS_XML),
    // The 200 alone is XML: the errors stay JSON ({error}), as the other routes' (no ApiProduces for all answers).
    ApiOkResponse({
      description: descricao,
      content: Object.fromEntries(TIPOS_XML.map((tipo) => [tipo, { schema: { type: 'string' } }])),
    }),
  );

/**
 * Sends an XML document (nfeProc, ProcInutNFe, procEventoNFe, NFS-e) as the answer: application/xml, or
 * text/xml to a client whose Accept takes that one and not the other.
 */
export const enviarXml = (reply: FastifyReply, xml: string) => {
  const accept = reply.request.headers.accept;
  const tipo = !aceita(accept, ['application/xml']) && aceita(accept, ['text/xml']) ? 'text/xml' : 'application/xml';
  return reply.header('content-type', `${tipo}; charset=utf-8`).status(200).send(xml);
};
