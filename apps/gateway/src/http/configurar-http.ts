import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contextoExecucao } from '@emissor/plataforma';
import { ContextoHttpInterceptor } from './contexto-http.interceptor';
import { FiltroErros } from './filtro-erros';
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
export function erroDoRoteador(erro: Error & { code?: string }, _req: unknown, reply: { code(status: number): { header(nome: string, valor: string): { send(corpo: string): unknown } } }): void {
  const params = erro.code === 'FST_ERR_MAX_PARAM_LENGTH' ? { caminho: ['parâmetro longo demais'] } : { caminho: ['contém uma sequência de escape (%) inválida'] };
  void reply.code(400).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify({ error: 'invalid_params', params }));
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
  // Only JSON bodies: Nest would otherwise also parse urlencoded forms.
  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const tipo = req.headers['content-type'];
    const temCorpo = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (temCorpo && tipo !== undefined && !/^application\/([\w.+-]+\+)?json\b/i.test(tipo)) {
      throw Object.assign(new Error('Content-Type não suportado'), { statusCode: 415 });
    }
    // Many client libraries send `Content-Type: application/json` on every call: with no body there
    // is nothing to parse (a DELETE, a POST without payload), so the request goes on as body-less.
    if (!temCorpo) delete req.headers['content-type'];
  });

  app.useGlobalPipes(new ValidacaoPipe());
  app.useGlobalFilters(new FiltroErros());
  app.useGlobalInterceptors(new ContextoHttpInterceptor());

  const documento = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Emissor fiscal: NF-e e NFS-e')
      .setDescription(
        'API de emissão de NF-e (modelo 55) e NFS-e. Autenticação HTTP Basic (api_key:api_secret); ' +
          'a empresa emitente é escolhida pelo cabeçalho X-Empresa-CNPJ (ausente: a primeira empresa da conta). ' +
          'Erros: corpo JSON {error}; validação: 422 (corpo) ou 400 (query/caminho) com {error: "invalid_params", params}.',
      )
      .setVersion('v1')
      .addBasicAuth()
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, documento, { jsonDocumentUrl: 'docs-json', yamlDocumentUrl: 'docs-yaml' });
}
