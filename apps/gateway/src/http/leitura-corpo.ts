import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyRequest } from 'fastify';
import { MensagensErro } from '@emissor/contracts';
import { ErroHttp } from './erro-http';
import { MensagensHttp } from './mensagens-http';

/**
 * Reading the body without answering for it: a malformed JSON body (or a body that is not JSON) is
 * recorded on the request instead of failing it, and the authentication guard throws the recorded
 * error only once the credentials were accepted. So an unauthenticated request always gets its 401
 * first, whatever its body (issue 13), while an authenticated one keeps the 400 `JSON inválido` /
 * 415 it always got. Bodies over the size limit are still refused (413) while being read: nothing
 * is buffered beyond the limit to find out who sent them.
 */
const ERRO_DO_CORPO = Symbol('erroDoCorpo');
type ComErroDoCorpo = FastifyRequest & { [ERRO_DO_CORPO]?: ErroHttp };

/** `application/json` and the `+json` types; anything else with a body is a 415. */
const TIPO_JSON = /^application\/([\w.+-]+\+)?json\b/i;
/** What the catch-all parser reads (and drops) in place of a body whose type is refused. */
const TIPO_RECUSADO = 'application/octet-stream';
/** Refuses bytes that are not UTF-8 instead of replacing them; drops a leading BOM. */
const UTF8_ESTRITO = new TextDecoder('utf-8', { fatal: true });

const adiar = (req: FastifyRequest, erro: ErroHttp) => {
  (req as ComErroDoCorpo)[ERRO_DO_CORPO] ??= erro;
};

/** The body's error, if reading it failed: thrown by the guard after authentication. */
export function lancarErroDoCorpo(req: FastifyRequest): void {
  const erro = (req as ComErroDoCorpo)[ERRO_DO_CORPO];
  if (erro) throw erro;
}

export function instalarLeituraDoCorpo(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  // Nest registers its own JSON and form parsers when the app initializes; doing it now marks them
  // registered, so they can be replaced by the one parser below before any route exists.
  (app.getHttpAdapter() as unknown as FastifyAdapter).registerParserMiddleware();
  fastify.removeAllContentTypeParsers();
  // `__proto__` and `constructor` keys are valid JSON: read as own properties (JSON.parse never sets a
  // prototype), then refused by the validation pipe as unknown properties (422 naming them), as decisions
  // §2 says for any unknown property; 400 is for malformed JSON only.
  const jsonPadrao = fastify.getDefaultJsonParser('ignore', 'ignore');

  fastify.addHook('onRequest', async (req: FastifyRequest) => {
    const tipo = req.headers['content-type'];
    const temCorpo = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    // Many client libraries send `Content-Type: application/json` on every call: with no body there
    // is nothing to parse (a DELETE, a POST without payload), so the request goes on as body-less.
    if (!temCorpo) {
      delete req.headers['content-type'];
      return;
    }
    // Bodies are read as they come: a compressed one would be taken for malformed JSON (RFC 9110 §8.4: 415).
    const codificacao = req.headers['content-encoding'];
    if (codificacao !== undefined && codificacao.trim().toLowerCase() !== 'identity') {
      adiar(req, new ErroHttp(415, { error: MensagensHttp.codificacaoNaoSuportada }));
      req.headers['content-type'] = TIPO_RECUSADO;
      return;
    }
    if (tipo !== undefined && TIPO_JSON.test(tipo)) {
      // Parameters (charset) change nothing for JSON, and a malformed one would make Fastify answer
      // 415 before any route code, that is before authentication.
      req.headers['content-type'] = 'application/json';
      return;
    }
    adiar(req, new ErroHttp(415, { error: MensagensHttp.tipoNaoSuportado }));
    req.headers['content-type'] = TIPO_RECUSADO;
  });

  // The limit must be given here: a parser without one reads bodies of any size.
  const bodyLimit = fastify.initialConfig.bodyLimit;
  // Read as bytes and decoded here: JSON is UTF-8 (RFC 8259 §8.1), and bytes that are not UTF-8 make the
  // body malformed JSON (400), where decoding them as a string would end in a length mismatch.
  fastify.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit },
    (req: FastifyRequest, bytes: Buffer, pronto: (erro: Error | null, valor?: unknown) => void) => {
      if (req.headers['content-type'] !== 'application/json') return pronto(null, undefined);
      let corpo: string;
      try {
        corpo = UTF8_ESTRITO.decode(bytes);
      } catch {
        adiar(req, new ErroHttp(400, { error: MensagensErro.jsonInvalido }));
        return pronto(null, undefined);
      }
      jsonPadrao(req, corpo, (erro: Error | null, valor?: unknown) => {
        if (erro) adiar(req, new ErroHttp(400, { error: MensagensErro.jsonInvalido }));
        pronto(null, erro ? undefined : valor);
      });
    },
  );
}
