/**
 * The committed API description (libs/sdk/openapi.json, checked equal to what the code generates by
 * the unit tier) as an ajv validator of live answers: every answer of a described route must match
 * the response schema of its status. Objects are checked closed (no property the description does
 * not name), so the description cannot drift from behaviour in either direction.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';

export const DESCRICAO = JSON.parse(readFileSync(path.join(__dirname, '../../libs/sdk/openapi.json'), 'utf8'));

/** OpenAPI 3.0 schema -> JSON Schema for ajv: `nullable` as a null type, objects closed. */
function paraJsonSchema(no: unknown): unknown {
  if (Array.isArray(no)) return no.map(paraJsonSchema);
  if (!no || typeof no !== 'object') return no;
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(no)) {
    if (k === 'example' || k === 'nullable') continue;
    o[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, paraJsonSchema(s)])) : paraJsonSchema(v);
  }
  if (o.properties && !('additionalProperties' in o)) o.additionalProperties = false;
  if ((no as { nullable?: boolean }).nullable) return { anyOf: [o, { type: 'null' }] };
  return o;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: { schemas: paraJsonSchema(DESCRICAO.components.schemas) } });

const rotas = Object.keys(DESCRICAO.paths).map((modelo) => ({
  modelo,
  regex: new RegExp(`^${modelo.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** The description's route of a concrete path (`/nfe/v1/notas/abc` -> `/nfe/v1/notas/{uuid}`). */
export function rotaDescrita(caminho: string): string | undefined {
  const candidatas = rotas.filter((r) => r.regex.test(caminho));
  // The most specific first (fewer parameters).
  return candidatas.sort((a, b) => (a.modelo.match(/\{/g)?.length ?? 0) - (b.modelo.match(/\{/g)?.length ?? 0))[0]?.modelo;
}

const compilados = new Map<string, ReturnType<typeof ajv.compile>>();

/**
 * Problems of a live JSON answer against the description ([] when it conforms). An undescribed
 * route or status is a problem too.
 */
export function errosContraDescricao(metodo: string, caminho: string, status: number, corpo: unknown): string[] {
  const modelo = rotaDescrita(caminho.split('?')[0]);
  if (!modelo) return [`${metodo} ${caminho}: rota não descrita`];
  const operacao = DESCRICAO.paths[modelo][metodo.toLowerCase()];
  if (!operacao) return [`${metodo} ${modelo}: método não descrito`];
  const resposta = operacao.responses[String(status)];
  if (!resposta) return [`${metodo} ${modelo}: status ${status} não descrito`];
  const esquema = resposta.content?.['application/json']?.schema;
  if (!esquema) return corpo === undefined || corpo === '' ? [] : [`${metodo} ${modelo} ${status}: corpo JSON não descrito`];
  const chave = `${metodo} ${modelo} ${status}`;
  let validar = compilados.get(chave);
  if (!validar) {
    const comRefs = JSON.parse(
      JSON.stringify(paraJsonSchema(esquema)).replace(/"#\/components\/schemas\//g, '"openapi#/components/schemas/'),
    );
    validar = ajv.compile(comRefs);
    compilados.set(chave, validar);
  }
  return validar(corpo)
    ? []
    : (validar.errors ?? []).map((e) => `${chave}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * A fetch for the SDK that checks every JSON answer against the description as it passes, and keeps
 * what it saw (the test asserts none was off and that the flows covered the routes they claim).
 */
export function fetchVerificado(registro: { vistas: Set<string>; erros: string[] }): typeof fetch {
  return async (entrada, init) => {
    const pedido = new Request(entrada as string | URL | Request, init);
    const resposta = await fetch(pedido);
    const url = new URL(pedido.url);
    const modelo = rotaDescrita(url.pathname);
    registro.vistas.add(`${pedido.method} ${modelo ?? url.pathname} ${resposta.status}`);
    if ((resposta.headers.get('content-type') ?? '').includes('application/json') || resposta.status === 204) {
      const texto = await resposta.clone().text();
      registro.erros.push(...errosContraDescricao(pedido.method, url.pathname, resposta.status, texto ? JSON.parse(texto) : undefined));
    }
    return resposta;
  };
}
