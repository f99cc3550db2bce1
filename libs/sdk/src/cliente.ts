import { randomUUID } from 'node:crypto';
import createClient, { type Client } from 'openapi-fetch';
import { verificarRequisicaoWebhook } from '@emissor/webhooks-verificador';
import { type CorpoErro, ErroApiEmissor, ErroTempoEsgotado, ErroUsoSdk } from './erros';
import type { components, paths } from './gerado/api';

export type Esquemas = components['schemas'];
type Corpo<N extends keyof Esquemas> = Esquemas[N];

export interface OpcoesCliente {
  /** Base URL of the deployment, e.g. `https://api.exemplo.com.br` (no trailing path). */
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  /** Company to act on (X-Empresa-CNPJ); absent: the account's first company. */
  cnpjEmpresa?: string;
  fetch?: typeof fetch;
}

export interface OpcoesCriacao {
  /** Idempotency-Key: send the same one to retry safely; default a new UUID per call. */
  idempotencyKey?: string;
}

const SITUACOES_FINAIS = new Set(['autorizada', 'rejeitada', 'denegada', 'cancelada', 'inutilizada']);

type Resultado<T> = { data?: T; error?: unknown; response: Response };

/** The API's `{error, params?}`, or, from something in front of it (a proxy's 502 page), its text. */
function corpoDeErro(corpo: unknown, resposta: Response): CorpoErro {
  if (corpo && typeof corpo === 'object' && typeof (corpo as { error?: unknown }).error === 'string') return corpo as CorpoErro;
  return { error: typeof corpo === 'string' && corpo ? corpo.slice(0, 500) : resposta.statusText || `HTTP ${resposta.status}` };
}

async function valor<T>(chamada: Promise<Resultado<T>>): Promise<T> {
  const { data, error, response } = await chamada;
  if (!response.ok) throw new ErroApiEmissor(response.status, corpoDeErro(error, response), response.headers.get('x-request-id'));
  return data as T;
}

function exigirTexto(nome: string, v: unknown, padrao?: RegExp): string {
  if (typeof v !== 'string' || !v || (padrao && !padrao.test(v))) throw new ErroUsoSdk(`${nome} inválido: ${JSON.stringify(v)}`);
  return v;
}

/** Every helper answers a Promise: bad input to it rejects (ErroUsoSdk) instead of throwing at the call. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function prometendo<T extends Record<string, (...a: any[]) => unknown>>(grupo: T): T {
  return Object.fromEntries(
    Object.entries(grupo).map(([nome, f]) => [
      nome,
      (...a: unknown[]) => {
        try {
          return Promise.resolve(f(...a));
        } catch (e) {
          return Promise.reject(e);
        }
      },
    ]),
  ) as T;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idem = (o?: OpcoesCriacao) => ({
  'Idempotency-Key': exigirTexto('idempotencyKey', o?.idempotencyKey ?? randomUUID(), /^[\x20-\x7E]{1,255}$/),
});

/** The typed client of the integrator API (HTTP Basic, X-Empresa-CNPJ, Idempotency-Key on creates). */
export function criarClienteEmissor(o: OpcoesCliente) {
  exigirTexto('baseUrl', o?.baseUrl, /^https?:\/\//);
  exigirTexto('apiKey', o.apiKey);
  exigirTexto('apiSecret', o.apiSecret);
  const headers: Record<string, string> = { Authorization: `Basic ${Buffer.from(`${o.apiKey}:${o.apiSecret}`).toString('base64')}` };
  if (o.cnpjEmpresa !== undefined) headers['X-Empresa-CNPJ'] = exigirTexto('cnpjEmpresa', o.cnpjEmpresa);
  const api: Client<paths> = createClient<paths>({ baseUrl: o.baseUrl.replace(/\/+$/, ''), headers, fetch: o.fetch });
  const uuid = (v: string) => exigirTexto('uuid', v, UUID);
  const binario = async (caminho: string, aceitar: string) => {
    const r = await (o.fetch ?? fetch)(`${o.baseUrl.replace(/\/+$/, '')}${caminho}`, { headers: { ...headers, Accept: aceitar } });
    if (!r.ok) {
      const texto = await r.text();
      let corpo: unknown = texto;
      try {
        corpo = JSON.parse(texto);
      } catch {
        /* not JSON: its text */
      }
      throw new ErroApiEmissor(r.status, corpoDeErro(corpo, r), r.headers.get('x-request-id'));
    }
    return Buffer.from(await r.arrayBuffer());
  };

  const nfe = prometendo({
    criar: (corpo: Corpo<'CriarNotaDto'>, op?: OpcoesCriacao) =>
      valor(api.POST('/nfe/v1/notas', { body: corpo, params: { header: idem(op) } as never })),
    listar: (query: paths['/nfe/v1/notas']['get']['parameters']['query'] = {}) => valor(api.GET('/nfe/v1/notas', { params: { query } })),
    obter: (id: string) => valor(api.GET('/nfe/v1/notas/{uuid}', { params: { path: { uuid: uuid(id) } } })),
    cancelar: (id: string, justificativa: string) =>
      valor(api.DELETE('/nfe/v1/notas/{uuid}/cancel', { params: { path: { uuid: uuid(id) }, query: { justificativa } } })),
    xml: async (id: string) => (await binario(`/nfe/v1/notas/${uuid(id)}/xml`, 'application/xml')).toString('utf8'),
    danfe: (id: string) => binario(`/nfe/v1/notas/${uuid(id)}/danfe`, 'application/pdf'),
    reemitir: (id: string, corpo: Corpo<'CriarNotaDto'>) =>
      valor(api.POST('/nfe/v1/notas/{uuid}/reemitir', { params: { path: { uuid: uuid(id) } }, body: corpo })),
    inutilizarNota: (id: string, justificativa: string) =>
      valor(api.POST('/nfe/v1/notas/{uuid}/inutilizar', { params: { path: { uuid: uuid(id) } }, body: { justificativa } })),
    inutilizarFaixa: (corpo: Corpo<'CriarInutilizacaoDto'>, op?: OpcoesCriacao) =>
      valor(api.POST('/nfe/v1/inutilizacoes', { body: corpo, params: { header: idem(op) } as never })),
    /** The ProcInutNFe of a homologated range (the document the issuer keeps). */
    xmlInutilizacao: async (faixa: { serie: number; numero_inicial: number; numero_final: number }) => {
      const caminho = [faixa?.serie, faixa?.numero_inicial, faixa?.numero_final].map((n, i) => {
        if (!Number.isInteger(n) || n < (i ? 1 : 0) || n > (i ? 999_999_999 : 999))
          throw new ErroUsoSdk(`faixa inválida: ${JSON.stringify(faixa)}`);
        return n;
      });
      return (await binario(`/nfe/v1/inutilizacoes/${caminho.join('/')}/xml`, 'application/xml')).toString('utf8');
    },
    /** Carta de correção (evento 110110) of an authorized note: 202, then follow it in cartasCorrecao. */
    cartaCorrecao: (id: string, correcao: string, op?: OpcoesCriacao) =>
      valor(
        api.POST('/nfe/v1/notas/{uuid}/carta-correcao', {
          params: { path: { uuid: uuid(id) }, header: idem(op) } as never,
          body: { correcao },
        }),
      ),
    cartasCorrecao: (id: string) => valor(api.GET('/nfe/v1/notas/{uuid}/cartas-correcao', { params: { path: { uuid: uuid(id) } } })),
    xmlCartaCorrecao: async (id: string, sequencia: number) => {
      if (!Number.isInteger(sequencia) || sequencia < 1 || sequencia > 20) throw new ErroUsoSdk(`sequencia inválida: ${sequencia}`);
      return (await binario(`/nfe/v1/notas/${uuid(id)}/cartas-correcao/${sequencia}/xml`, 'application/xml')).toString('utf8');
    },
    /** The authorizer of a UF (default: the company's) and the contingency in force. */
    statusSefaz: (uf?: string) =>
      valor(api.GET('/nfe/v1/sefaz/status', { params: { query: uf === undefined ? {} : { uf: exigirTexto('uf', uf, /^[A-Za-z]{2}$/) } } })),
    /** Polls GET until the note leaves pendente/em_processamento (or the time runs out: ErroTempoEsgotado). */
    aguardarVeredito: async (id: string, espera: { tempoLimiteMs?: number; intervaloMs?: number } = {}) => {
      const limite = espera.tempoLimiteMs ?? 60_000;
      const intervalo = espera.intervaloMs ?? 500;
      if (!(limite > 0) || !(intervalo > 0)) throw new ErroUsoSdk('tempoLimiteMs e intervaloMs devem ser positivos');
      const fim = Date.now() + limite;
      for (;;) {
        const nota = await nfe.obter(id);
        if (SITUACOES_FINAIS.has(nota.situacao)) return nota;
        if (Date.now() >= fim) throw new ErroTempoEsgotado(nota.situacao);
        await new Promise((r) => setTimeout(r, intervalo));
      }
    },
  });

  return {
    /** The raw typed openapi-fetch client, for anything the helpers below do not cover. */
    api,
    empresas: prometendo({
      criar: (corpo: Corpo<'CriarEmpresaDto'>) => valor(api.POST('/conta/v1/empresas', { body: corpo })),
      listar: () => valor(api.GET('/conta/v1/empresas')),
      atualizar: (cnpj: string, corpo: Corpo<'AtualizarEmpresaDto'>) =>
        valor(api.PATCH('/conta/v1/empresas/{cnpj}', { params: { path: { cnpj: exigirTexto('cnpj', cnpj) } }, body: corpo })),
    }),
    empresaNfe: prometendo({
      obter: () => valor(api.GET('/nfe/v1/empresa')),
      atualizar: (corpo: Corpo<'AtualizarEmpresaNfeDto'>) => valor(api.PATCH('/nfe/v1/empresa', { body: corpo })),
      enviarCertificado: (corpo: Corpo<'EnviarCertificadoDto'>) => valor(api.PUT('/nfe/v1/empresa/certificado', { body: corpo })),
      emitirCertificadoTeste: () => valor(api.POST('/nfe/v1/empresa/certificado/teste')),
    }),
    mercadorias: prometendo({
      criar: (corpo: Corpo<'CriarMercadoriaDto'>) => valor(api.POST('/nfe/v1/mercadorias', { body: corpo })),
      obter: (codigo: string) =>
        valor(api.GET('/nfe/v1/mercadorias/{codigo}', { params: { path: { codigo: exigirTexto('codigo', codigo) } } })),
      atualizar: (codigo: string, corpo: Corpo<'AtualizarMercadoriaDto'>) =>
        valor(api.PUT('/nfe/v1/mercadorias/{codigo}', { params: { path: { codigo: exigirTexto('codigo', codigo) } }, body: corpo })),
      remover: (codigo: string) =>
        valor(api.DELETE('/nfe/v1/mercadorias/{codigo}', { params: { path: { codigo: exigirTexto('codigo', codigo) } } })),
    }),
    nfe,
    nfse: prometendo({
      criar: (corpo: Corpo<'CriarNotaNfseDto'>, op?: OpcoesCriacao) =>
        valor(api.POST('/nfse/v1/notas', { body: corpo, params: { header: idem(op) } as never })),
      listar: (query: paths['/nfse/v1/notas']['get']['parameters']['query'] = {}) =>
        valor(api.GET('/nfse/v1/notas', { params: { query } })),
      obter: (id: number | string) => valor(api.GET('/nfse/v1/notas/{id}', { params: { path: { id: String(id) } } })),
      /** Why the RPS/DPS ended `processado_com_erro`: the authority's codes and messages (empty otherwise). */
      erros: (id: number | string) => valor(api.GET('/nfse/v1/notas/{id}/erros', { params: { path: { id: String(id) } } })),
      xml: async (id: number | string) =>
        (await binario(`/nfse/v1/notas/${exigirTexto('id', String(id), /^[1-9]\d*$/)}/xml`, 'application/xml')).toString('utf8'),
      cancelar: (id: number | string, motivo_cancelamento: string) =>
        valor(api.DELETE('/nfse/v1/notas/{id}/cancel', { params: { path: { id: String(id) }, query: { motivo_cancelamento } } })),
    }),
    webhooks: prometendo({
      criar: (corpo: Corpo<'CriarWebhookDto'>) => valor(api.POST('/conta/v1/webhooks', { body: corpo })),
      listar: () => valor(api.GET('/conta/v1/webhooks')),
      remover: (id: string) => valor(api.DELETE('/conta/v1/webhooks/{id}', { params: { path: { id: uuid(id) } } })),
      entregas: (id: string, query: paths['/conta/v1/webhooks/{id}/entregas']['get']['parameters']['query'] = {}) =>
        valor(api.GET('/conta/v1/webhooks/{id}/entregas', { params: { path: { id: uuid(id) }, query } })),
      reenviar: (id: string, entrega: string) =>
        valor(
          api.POST('/conta/v1/webhooks/{id}/entregas/{entrega_id}/reenviar', {
            params: { path: { id: uuid(id), entrega_id: uuid(entrega) } },
          }),
        ),
    }),
  };
}

export type ClienteEmissor = ReturnType<typeof criarClienteEmissor>;

/** The operator client (`/admin`, Bearer ADMIN_TOKEN). */
export function criarClienteAdmin(o: { baseUrl: string; adminToken: string; fetch?: typeof fetch }) {
  exigirTexto('baseUrl', o?.baseUrl, /^https?:\/\//);
  const api = createClient<paths>({
    baseUrl: o.baseUrl.replace(/\/+$/, ''),
    headers: { Authorization: `Bearer ${exigirTexto('adminToken', o.adminToken)}` },
    fetch: o.fetch,
  });
  return {
    api,
    criarConta: (corpo: Corpo<'CriarContaDto'>) => valor(api.POST('/admin/v1/contas', { body: corpo })),
    cadastrarServicoMunicipal: (codigoMunicipio: string, corpo: Corpo<'CriarServicoMunicipalDto'>) =>
      valor(
        api.POST('/admin/v1/municipios/{codigo_municipio}/servicos', {
          params: { path: { codigo_municipio: exigirTexto('codigoMunicipio', codigoMunicipio, /^\d{7}$/) } },
          body: corpo,
        }),
      ),
  };
}

export type EventoWebhook =
  Esquemas['EventoNotaWebhook'] | Esquemas['EventoInutilizacaoNotaWebhook'] | Esquemas['EventoInutilizacaoFaixaWebhook'];

/**
 * Verifies a delivery (libs/webhooks-verificador) and returns the typed event, or throws ErroUsoSdk
 * with the reason. Pass the RAW body (before JSON parsing).
 */
export function verificarEvento(
  chaveSeguranca: string,
  cabecalhos: Record<string, string | string[] | undefined>,
  corpoBruto: string | Buffer,
  toleranciaS = 300,
): { tipo: string; evento: EventoWebhook } {
  const r = verificarRequisicaoWebhook(exigirTexto('chaveSeguranca', chaveSeguranca), cabecalhos, corpoBruto, { toleranciaS });
  if (!r.valido) throw new ErroUsoSdk(`Webhook recusado: ${r.motivo}`);
  const tipo = cabecalhos['x-webhook-event'];
  return { tipo: String(Array.isArray(tipo) ? tipo[0] : tipo), evento: JSON.parse(corpoBruto.toString()) as EventoWebhook };
}
