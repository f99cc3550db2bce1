import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contextoExecucao } from '@emissor/plataforma';
import { CONFIG, type ConfigGateway } from '../config';
import { construirDocumentoOpenApi } from '../openapi/documento';
import { AdmissaoInterceptor } from './admissao.interceptor';
import { ContextoHttpInterceptor } from './contexto-http.interceptor';
import { FiltroErros } from './filtro-erros';
import { instalarLeituraDoCorpo } from './leitura-corpo';
import { MensagensHttp } from './mensagens-http';
import { ConsultaDeclaradaInterceptor } from './validacao/consulta-declarada.interceptor';
import { ValidacaoPipe } from './validacao/validacao.pipe';

const REQUEST_ID_VALIDO = /^[A-Za-z0-9._:-]{1,128}$/;

/** A caller's X-Request-Id is kept when it is sane, so their logs and ours line up. */
export function gerarRequestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const recebido = req.headers['x-request-id'];
  return typeof recebido === 'string' && REQUEST_ID_VALIDO.test(recebido) ? recebido : randomUUID();
}

/**
 * What the router refuses before any route runs (a path with a broken %-escape): the spec's 400
 * invalid_params, not the framework's own error body.
 */
export function erroDoRoteador(
  erro: Error & { code?: string },
  _req: unknown,
  reply: { code(status: number): { header(nome: string, valor: string): { send(corpo: string): unknown } } },
): void {
  const params =
    erro.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { caminho: ['parâmetro longo demais'] }
      : { caminho: ['contém uma sequência de escape (%) inválida'] };
  void reply
    .code(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ error: 'invalid_params', params }));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a control character in a header, a
 * malformed request line, headers too large) or a request not received in time: answered in the API's
 * `{error}` format instead of the framework's own body, and the connection closed.
 */
export function responderErroDoCliente(erro: Error & { code?: string }, socket: Duplex): void {
  if (erro.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, texto, corpo] =
    erro.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', MensagensHttp.requisicaoIncompleta]
      : erro.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', MensagensHttp.cabecalhosGrandesDemais]
        : [400, 'Bad Request', MensagensHttp.requisicaoMalformada];
  const json = JSON.stringify({ error: corpo });
  // An answer already on its way on this connection (its headers written): ours would be read as part
  // of it. Then the connection is only closed, the same rule as Node's own handler.
  const emCurso = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !emCurso?.headersSent) {
    socket.write(
      `HTTP/1.1 ${status} ${texto}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy();
}

export function configurarHttpGateway(app: NestFastifyApplication) {
  const registro = new Logger('http');
  const fastify = app.getHttpAdapter().getInstance();

  fastify.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('X-Request-Id', req.id);
  });
  fastify.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.url.startsWith('/health')) return;
    contextoExecucao.run({ requestId: String(req.id) }, () =>
      registro.log(`${req.method} ${req.routeOptions?.url ?? req.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`),
    );
  });
  // A body declared larger than the limit: read and discarded before the 413, up to 4 times the limit.
  // Answering at once and closing (Fastify's way) leaves a client still uploading with a broken pipe
  // instead of the 413 (Node's fetch reports "fetch failed", write EPIPE). Beyond 4x, the connection
  // is cut as before.
  const limite = fastify.initialConfig.bodyLimit ?? 1024 * 1024;
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const declarado = Number(req.headers['content-length']);
    if (!(declarado > limite) || declarado > 4 * limite) return;
    await new Promise<void>((pronto) => {
      req.raw.once('end', pronto).once('error', pronto).once('close', pronto);
      req.raw.resume();
    });
    throw Object.assign(new Error('Corpo grande demais'), { statusCode: 413 });
  });
  // Only JSON bodies, and their errors answered after authentication (leitura-corpo.ts).
  instalarLeituraDoCorpo(app);

  app.useGlobalPipes(new ValidacaoPipe());
  app.useGlobalFilters(new FiltroErros());
  // A query on a route that reads none is refused before admission: a malformed request costs no capacity.
  app.useGlobalInterceptors(new ContextoHttpInterceptor(), new ConsultaDeclaradaInterceptor(), app.get(AdmissaoInterceptor));

  // The description is built from the controllers, DTOs and response classes (openapi/documento.ts).
  const documento = construirDocumentoOpenApi(app, app.get<ConfigGateway>(CONFIG).URL_BASE_PUBLICA);
  SwaggerModule.setup('docs', app, documento, {
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
    customSiteTitle: 'Emissor fiscal: API',
    // "Authorize" once (Basic or Bearer) and try the routes; the credential survives a reload.
    swaggerOptions: { persistAuthorization: true, displayRequestDuration: true, docExpansion: 'none', filter: true },
  });
}
