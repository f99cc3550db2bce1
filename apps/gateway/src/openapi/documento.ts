import type { INestApplication } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, getSchemaPath, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { TiposEventoNfe } from '@emissor/contracts';
import { CONTROLADORES_OPERACIONAIS } from '@emissor/plataforma';
import { CABECALHO_IDEMPOTENCIA } from '../idempotencia/chave-idempotencia';
import { ROTAS_IDEMPOTENTES } from '../idempotencia/rotas-idempotentes';
import { EventoInutilizacaoFaixaWebhook, EventoInutilizacaoNotaWebhook, EventoNotaWebhook } from '../webhooks/dto/evento-webhook.resposta';
import { ErroResposta, ErroValidacaoResposta } from './erros';
import { EXEMPLOS_CORPOS } from './exemplos';
import { operacoesDo } from './operacoes';
import { ajustarExemplosDeCriacao, anexarExemplosRespostas } from './exemplos-respostas';

/**
 * The API description (OpenAPI 3.0), built from the controllers, the request DTOs and the response
 * classes: the single source. Served at /docs and /docs-json, and exported to libs/sdk/openapi.json
 * (`node tools/sdk/gerar.mjs`), from which the SDK's types are generated.
 */
/** The exported description names no host: each deployment serves its own with URL_BASE_PUBLICA. */
export const URL_BASE_PADRAO = '/';

const DESCRICAO = [
  'API de emissão de NF-e (modelo 55) e NFS-e.',
  '',
  '**Autenticação**: HTTP Basic `api_key:api_secret` (credencial de produção ou sandbox da conta); as rotas `/admin` usam `Authorization: Bearer {ADMIN_TOKEN}`.',
  'A empresa emitente é escolhida pelo cabeçalho `X-Empresa-CNPJ` (ausente: a primeira empresa da conta).',
  '',
  '**Erros**: corpo JSON `{"error": "..."}`; validação: 422 (corpo) ou 400 (query, caminho, cabeçalho) com `{"error": "invalid_params", "params": {"campo": ["mensagem"]}}`.',
  'Números decimais trafegam como texto (`"10.50"`, padrão `^\\d*\\.?\\d*$`).',
  '',
  '**Webhooks**: cada endpoint cadastrado em `POST /conta/v1/webhooks` recebe `POST` JSON assinados (`X-Webhook-Event`, `X-Webhook-Timestamp`, ',
  '`X-Webhook-Signature` = HMAC-SHA256 hex de `{timestamp}.{corpo}` com a `chave_seguranca`). Os corpos estão em `x-webhooks` e nos componentes ',
  '`EventoNotaWebhook`, `EventoInutilizacaoNotaWebhook` e `EventoInutilizacaoFaixaWebhook`.',
].join('\n');

export function construirDocumentoOpenApi(app: INestApplication, urlBase = URL_BASE_PADRAO): OpenAPIObject {
  // Health and metrics are the platform's, not the API's (the lib does not depend on Swagger).
  for (const controlador of CONTROLADORES_OPERACIONAIS) ApiExcludeController()(controlador);
  const documento = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Emissor fiscal: NF-e e NFS-e')
      .setDescription(DESCRICAO)
      .setVersion('v1')
      .addServer(urlBase, urlBase === URL_BASE_PADRAO ? 'A implantação que serve esta descrição' : 'Esta implantação')
      .addBasicAuth({ type: 'http', scheme: 'basic', description: 'api_key:api_secret da credencial (produção ou sandbox)' }, 'basic')
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'ADMIN_TOKEN (texto opaco)',
          description: 'ADMIN_TOKEN do operador (rotas /admin)',
        },
        'bearer',
      )
      .addTag('admin', 'Operação da plataforma: contas e catálogo municipal (Bearer ADMIN_TOKEN)')
      .addTag('conta', 'Empresas da conta')
      .addTag('nfe', 'NF-e modelo 55: configuração, certificado, mercadorias, notas, inutilização, carta de correção')
      .addTag('nfse', 'NFS-e: emissão, consulta, XML e cancelamento')
      .addTag('webhooks', 'Endpoints que recebem os eventos nfe_* e o registro de entregas')
      .build(),
    {
      extraModels: [ErroResposta, ErroValidacaoResposta, EventoNotaWebhook, EventoInutilizacaoNotaWebhook, EventoInutilizacaoFaixaWebhook],
      operationIdFactory: (controlador, metodo) => `${controlador.replace(/Controller$/, '')}_${metodo}`,
    },
  );
  documento.info.license = { name: 'Proprietária: uso pelos integradores das contas da plataforma' };
  documentarIdempotencia(documento);
  documentarEmpresa(documento);
  documentarWebhooks(documento);
  anexarExemplos(documento);
  corrigirNulos(documento);
  anexarExemplosRespostas(documento);
  ajustarExemplosDeCriacao(documento);
  errosSempreEmJson(documento);
  corposSemPropriedadesExtras(documento);
  return documento;
}

/**
 * An error body is JSON on every route, also where the success is a PDF or an XML: Nest declares each response
 * with the route's own media types, so a DANFE's 409 read as `application/pdf`.
 */
function errosSempreEmJson(documento: OpenAPIObject) {
  for (const operacao of operacoesDo<{ responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>(documento)) {
    for (const [status, resposta] of Object.entries(operacao.responses ?? {})) {
      const tipos = resposta.content ? Object.keys(resposta.content) : [];
      if (Number(status) < 400 || !tipos.length || (tipos.length === 1 && tipos[0] === 'application/json')) continue;
      const esquema = resposta.content?.['application/json']?.schema ?? Object.values(resposta.content ?? {})[0]?.schema;
      resposta.content = { 'application/json': { schema: esquema } };
    }
  }
}

/**
 * A request body refuses a property it does not declare (the spec: "Unknown properties are rejected"; 422
 * `propriedade não permitida`): every schema reached from a request body, and from no response, says
 * `additionalProperties: false`.
 */
function corposSemPropriedadesExtras(documento: OpenAPIObject) {
  const esquemas = (documento.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  const alcancados = (raizes: unknown[]) => {
    const vistos = new Set<string>();
    const visitar = (no: unknown): void => {
      if (Array.isArray(no)) return no.forEach(visitar);
      if (!no || typeof no !== 'object') return;
      for (const [chave, valor] of Object.entries(no)) {
        if (chave === '$ref' && typeof valor === 'string') {
          const nome = valor.split('/').pop() as string;
          if (!vistos.has(nome)) {
            vistos.add(nome);
            visitar(esquemas[nome]);
          }
        } else visitar(valor);
      }
    };
    raizes.forEach(visitar);
    return vistos;
  };
  const operacoes = operacoesDo(documento);
  const deRequisicao = alcancados(operacoes.map((o) => o.requestBody));
  const deResposta = alcancados(operacoes.map((o) => o.responses));
  for (const nome of deRequisicao) {
    const esquema = esquemas[nome];
    if (!deResposta.has(nome) && esquema?.type === 'object' && esquema.properties) esquema.additionalProperties = false;
  }
}

/** The Idempotency-Key header on each idempotent route (the list lives in idempotencia/, not on the controllers). */
function documentarIdempotencia(documento: OpenAPIObject) {
  for (const rota of ROTAS_IDEMPOTENTES) {
    const [metodo, caminho] = rota.split(' ');
    const operacao = documento.paths[caminho.replace(/:([^/]+)/g, '{$1}')]?.[metodo.toLowerCase() as 'post'];
    if (!operacao) continue;
    operacao.parameters = [
      ...(operacao.parameters ?? []),
      {
        name: CABECALHO_IDEMPOTENCIA,
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
        example: 'pedido-1001-tentativa',
        description:
          'Repetir a requisição com a mesma chave e o mesmo corpo (mesma credencial, até 24 h) devolve a resposta original com Idempotent-Replayed: true, sem criar nada; outro corpo: 422. Respostas 5xx não são guardadas.',
      },
    ];
    // The replayed answer says so in a header of its own, on each success the route answers.
    for (const [status, resposta] of Object.entries(operacao.responses ?? {}) as [string, { headers?: Record<string, object> }][]) {
      if (!status.startsWith('2')) continue;
      resposta.headers = {
        ...(resposta.headers ?? {}),
        'Idempotent-Replayed': {
          description: 'Presente (true) quando a resposta é a original de uma requisição anterior com a mesma Idempotency-Key',
          schema: { type: 'string', enum: ['true'] },
        },
      };
    }
  }
}

/** X-Empresa-CNPJ, declared on the controllers, gets its meaning and shape here once. */
function documentarEmpresa(documento: OpenAPIObject) {
  for (const operacao of operacoesDo<{
    parameters?: { name: string; in: string; description?: string; schema?: object; example?: string }[];
  }>(documento)) {
    for (const p of operacao.parameters ?? []) {
      if (p.in !== 'header' || p.name !== 'X-Empresa-CNPJ') continue;
      p.description = 'CNPJ da empresa emitente (com ou sem pontuação); ausente: a primeira empresa da conta. Empresa fora da conta: 404';
      p.schema = { type: 'string', maxLength: 18 };
      p.example = '12345678000195';
    }
  }
}

/**
 * OpenAPI 3.0 has no `webhooks` object (3.1 does): each event type is described under `x-webhooks`
 * with the body it carries, and the bodies are components (so generated clients get their types).
 */
function documentarWebhooks(documento: OpenAPIObject) {
  const corpo = (tipo: string, esquema: object) => ({
    post: {
      operationId: `webhook_${tipo}`,
      summary: `Evento ${tipo}, enviado aos endpoints que o assinam`,
      tags: ['webhooks'],
      security: [],
      requestBody: { required: true, content: { 'application/json': { schema: esquema } } },
      responses: {
        '2XX': { description: 'Recebido (qualquer 2xx em até 10 s); qualquer outra resposta é repetida mais tarde' },
        '410': { description: 'Gone: o endpoint é desativado e nada mais lhe é enviado' },
      },
    },
  });
  (documento as OpenAPIObject & { 'x-webhooks': object })['x-webhooks'] = Object.fromEntries(
    TiposEventoNfe.map((tipo) => [
      tipo,
      corpo(
        tipo,
        tipo === 'nfe_inutilizada'
          ? { oneOf: [{ $ref: getSchemaPath(EventoInutilizacaoNotaWebhook) }, { $ref: getSchemaPath(EventoInutilizacaoFaixaWebhook) }] }
          : { $ref: getSchemaPath(EventoNotaWebhook) },
      ),
    ]),
  );
}

/** One realistic example per request body (exemplos.ts), attached where the body's schema is used. */
function anexarExemplos(documento: OpenAPIObject) {
  for (const operacao of operacoesDo<{
    requestBody?: { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> };
  }>(documento)) {
    const json = operacao.requestBody?.content?.['application/json'];
    const nome = json?.schema?.$ref?.split('/').pop();
    if (json && nome && nome in EXEMPLOS_CORPOS) json.example = EXEMPLOS_CORPOS[nome as keyof typeof EXEMPLOS_CORPOS];
  }
}

/**
 * Optional nested objects are `{nullable, allOf: [$ref]}`; OpenAPI 3.0 wants a `type` beside
 * `nullable`, so they say `type: object` too (the API accepts null for "not sent").
 */
function corrigirNulos(no: unknown) {
  if (Array.isArray(no)) return no.forEach(corrigirNulos);
  if (!no || typeof no !== 'object') return;
  const o = no as Record<string, unknown>;
  if (o.nullable === false) delete o.nullable;
  if (o.nullable === true && !o.type && (o.allOf || o.$ref)) {
    o.type = 'object';
    if (o.$ref) {
      o.allOf = [{ $ref: o.$ref }];
      delete o.$ref;
    }
  }
  Object.values(o).forEach(corrigirNulos);
}
