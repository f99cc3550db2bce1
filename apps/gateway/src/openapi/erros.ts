import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiProperty, ApiPropertyOptional, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { MensagensErro } from '@emissor/contracts';

/**
 * Every error leaves the gateway as `{error}`; validation errors add `params`, the field paths with
 * their messages (decisions §2: 422 for the body, 400 for query, path and headers).
 */
export class ErroResposta {
  @ApiProperty({ description: 'Mensagem (ou `invalid_params`)', example: MensagensErro.recursoNaoEncontrado })
  error: string;

  @ApiPropertyOptional({
    description:
      'Numa regra de negócio que envolve campos da requisição (documentos referenciados, pagamentos, ...), os caminhos desses campos e suas mensagens, como em invalid_params',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
  })
  params?: Record<string, string[]>;
}

export class ErroValidacaoResposta {
  @ApiProperty({ enum: ['invalid_params'], example: 'invalid_params' })
  error: 'invalid_params';

  @ApiProperty({
    description: 'Caminho de cada campo recusado (como `itens[0].ncm`) e suas mensagens',
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { 'destinatario.cpf_cnpj': ['é obrigatório'] },
  })
  params: Record<string, string[]>;
}

const SOMENTE_ERRO = { $ref: getSchemaPath(ErroResposta) };
const ERRO_OU_VALIDACAO = { anyOf: [{ $ref: getSchemaPath(ErroValidacaoResposta) }, { $ref: getSchemaPath(ErroResposta) }] };

/** What each status means on this API, and its body. */
const ERROS = {
  400: { description: 'Parâmetro de caminho, query ou cabeçalho inválido (invalid_params), ou JSON malformado', schema: ERRO_OU_VALIDACAO },
  401: {
    description: 'Credencial ausente ou inválida',
    schema: SOMENTE_ERRO,
    headers: { 'WWW-Authenticate': { description: 'Esquema esperado', schema: { type: 'string' } } },
  },
  404: { description: 'Recurso não encontrado (também a empresa de X-Empresa-CNPJ fora da conta)', schema: SOMENTE_ERRO },
  406: { description: 'Accept não admite nem o tipo do recurso nem JSON', schema: SOMENTE_ERRO },
  409: { description: 'Documento ainda não disponível: a nota ou o evento ainda não está na situação que o tem', schema: SOMENTE_ERRO },
  413: { description: 'Corpo maior que o máximo aceito', schema: SOMENTE_ERRO },
  415: { description: 'Corpo que não é application/json', schema: SOMENTE_ERRO },
  422: { description: 'Corpo inválido (invalid_params com os campos) ou regra de negócio não atendida', schema: ERRO_OU_VALIDACAO },
  429: {
    description: 'Limite de requisições por segundo da credencial excedido',
    schema: SOMENTE_ERRO,
    headers: { 'Retry-After': { description: 'Segundos até tentar de novo', schema: { type: 'integer' } } },
  },
  502: { description: 'A autoridade (SEFAZ) não respondeu ou respondeu com falha', schema: SOMENTE_ERRO },
  503: {
    description:
      'Serviço temporariamente indisponível: o sistema está no limite da sua capacidade e recusou a requisição antes de qualquer efeito (nada foi criado); tente de novo depois de Retry-After',
    schema: SOMENTE_ERRO,
    headers: { 'Retry-After': { description: 'Segundos até tentar de novo', schema: { type: 'integer' } } },
  },
  504: { description: 'O serviço interno não respondeu a tempo; repetir é seguro com Idempotency-Key', schema: SOMENTE_ERRO },
} as const;

export type StatusErro = keyof typeof ERROS;

/**
 * Answered by every authenticated route, whatever it does (400: a query parameter the route does not read,
 * http/validacao/consulta-declarada.interceptor.ts; 406: an Accept that admits neither the route's type nor JSON).
 */
const COMUNS: StatusErro[] = [400, 401, 406, 429, 503, 504];

/**
 * The errors a route can answer, in one line: `@Erros(404, 422)`. 400, 401, 406, 429, 503 and 504 are added
 * for every route (an unknown query parameter, authentication, content negotiation, rate limit, admission
 * under overload, service time limit).
 */
export function Erros(...status: StatusErro[]) {
  const todos = [...new Set([...status, ...COMUNS])].sort();
  return applyDecorators(
    ApiExtraModels(ErroResposta, ErroValidacaoResposta),
    ...todos.map((s) => {
      const e = ERROS[s];
      return ApiResponse({ status: s, description: e.description, schema: e.schema, ...('headers' in e ? { headers: e.headers } : {}) });
    }),
  );
}
