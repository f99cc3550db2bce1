import type { OpenAPIObject } from '@nestjs/swagger';
import { operacoesDo } from './operacoes';

/**
 * One example per response body, built from the response classes' own property examples (the
 * `exemplo` of each decorator in campos.ts), so the examples cannot drift from the schemas: the
 * required properties always, the optional ones where the classes give an example. Redocly's lint
 * (no-invalid-media-type-examples) checks each result against its schema.
 */
type Esquema = {
  $ref?: string;
  allOf?: Esquema[];
  oneOf?: Esquema[];
  anyOf?: Esquema[];
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Esquema;
  properties?: Record<string, Esquema>;
  required?: string[];
  nullable?: boolean;
};

const POR_FORMATO: Record<string, unknown> = {
  'date-time': '2026-11-24T12:30:00.000Z',
  date: '2026-11-24',
  uuid: '0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10',
  uri: 'https://api.exemplo.com.br/recurso',
};
const POR_TIPO: Record<string, unknown> = { string: 'texto', integer: 1, number: 1, boolean: true };
/** Deep enough for every body of the API; stops a cycle, should a schema ever refer to itself. */
const PROFUNDIDADE_MAXIMA = 8;

/**
 * The example of a schema, or undefined where neither the schema nor its parts give one (a
 * required property without one gets null when nullable, else a value of its type).
 */
export function exemploDoEsquema(esquema: Esquema, componentes: Record<string, Esquema>, profundidade = 0): unknown {
  if (profundidade > PROFUNDIDADE_MAXIMA) return undefined;
  const abaixo = (e: Esquema) => exemploDoEsquema(e, componentes, profundidade + 1);
  if (esquema.example !== undefined) return esquema.example;
  if (esquema.$ref) return abaixo(componentes[esquema.$ref.split('/').pop() as string] ?? {});
  if (esquema.allOf) {
    const partes = esquema.allOf.map(abaixo).filter((v) => v !== undefined);
    return partes.length ? Object.assign({}, ...partes) : undefined;
  }
  const alternativa = esquema.oneOf?.[0] ?? esquema.anyOf?.[0];
  if (alternativa) return abaixo(alternativa);
  if (esquema.enum?.length) return esquema.enum[0];
  if (esquema.type === 'array') {
    const item = esquema.items ? abaixo(esquema.items) : undefined;
    return item === undefined ? undefined : [item];
  }
  if (esquema.properties) {
    const obrigatorias = new Set(esquema.required ?? []);
    const objeto: Record<string, unknown> = {};
    for (const [nome, propriedade] of Object.entries(esquema.properties)) {
      const valor = abaixo(propriedade);
      if (obrigatorias.has(nome)) objeto[nome] = valor !== undefined ? valor : propriedade.nullable ? null : valorDoTipo(propriedade);
      else if (valor !== undefined && !vazio(valor)) objeto[nome] = valor;
    }
    return vazio(objeto) ? undefined : objeto;
  }
  return esquema.format ? POR_FORMATO[esquema.format] : undefined;
}

function valorDoTipo(e: Esquema): unknown {
  return (
    (e.format && POR_FORMATO[e.format]) ??
    (e.type === 'array' ? [] : e.type === 'object' || e.allOf || e.$ref ? {} : POR_TIPO[e.type ?? 'string'])
  );
}

const vazio = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/** Attaches the example to every JSON success response that has none. */
export function anexarExemplosRespostas(documento: OpenAPIObject) {
  const componentes = (documento.components?.schemas ?? {}) as Record<string, Esquema>;
  for (const operacao of operacoesDo<{
    responses?: Record<string, { content?: Record<string, { schema?: Esquema; example?: unknown }> }>;
  }>(documento)) {
    for (const [status, resposta] of Object.entries(operacao.responses ?? {})) {
      const json = resposta.content?.['application/json'];
      if (!status.startsWith('2') || !json?.schema || json.example !== undefined) continue;
      json.example = exemploDoEsquema(json.schema, componentes);
    }
  }
}

/**
 * A creation answers before any verdict (decisions §3: `pendente`): its 201 example leaves out what only a
 * verdict or a later event sets, which the response classes' property examples (shared with GET) would show.
 */
const SO_DEPOIS_DA_CRIACAO: Record<string, { fora: string[]; com?: Record<string, unknown> }> = {
  Notas_criar: {
    fora: [
      'data_autorizacao',
      'data_cancelamento',
      'protocolo_autorizacao',
      'status_sefaz',
      'contingencia',
      'reemitida_uuid',
      'reemitida_de_uuid',
      'troco',
      'intermediador',
    ],
  },
  NotasNfse_criar: { fora: [], com: { nfse: { situacao: 'pendente' } } },
};

export function ajustarExemplosDeCriacao(documento: OpenAPIObject) {
  for (const operacao of operacoesDo<{
    operationId?: string;
    responses?: Record<string, { content?: Record<string, { example?: Record<string, unknown> }> }>;
  }>(documento)) {
    const ajuste = operacao.operationId ? SO_DEPOIS_DA_CRIACAO[operacao.operationId] : undefined;
    const exemplo = operacao.responses?.['201']?.content?.['application/json']?.example;
    if (!ajuste || !exemplo) continue;
    for (const campo of ajuste.fora) delete exemplo[campo];
    Object.assign(exemplo, ajuste.com ?? {});
  }
}
