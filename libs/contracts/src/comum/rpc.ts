import type { ContextoRequisicao } from './contexto';

/** Request envelope for every request-reply subject. */
export interface PedidoRpc<T> {
  contexto: ContextoRequisicao;
  dados: T;
}

/** Request envelope between back-end apps (no tenant context: the payload names what it needs). */
export interface PedidoInterno<T> {
  requestId?: string;
  dados: T;
}

/** The data of a request that needs nothing but its context (`GET /nfe/v1/empresa`), or of an empty reply. */
export type SemDados = Record<string, never>;

/**
 * A failure the caller should show as is: the HTTP status and the error body the spec wants.
 * Services decide business outcomes (404, 409, 422...); the gateway only relays them.
 */
export interface FalhaRpc {
  status: number;
  error: string;
  params?: Record<string, string[]>;
}

export type RespostaRpc<T> = { ok: true; dados: T; cabecalhos?: Record<string, string> } | { ok: false; falha: FalhaRpc };

export const sucesso = <T>(dados: T, cabecalhos?: Record<string, string>): RespostaRpc<T> =>
  cabecalhos ? { ok: true, dados, cabecalhos } : { ok: true, dados };

export const falha = (status: number, error: string, params?: Record<string, string[]>): RespostaRpc<never> => ({
  ok: false,
  falha: params ? { status, error, params } : { status, error },
});

export const MensagensErro = {
  recursoNaoEncontrado: 'Recurso não encontrado',
  empresaNaoEncontrada: 'Empresa não encontrada',
  mercadoriaNaoEncontrada: 'Mercadoria não encontrada',
  /** A `codigo_externo` another note of the company already has (NF-e and NFS-e alike). */
  codigoExternoEmUso: 'Código externo já está em uso',
  empresaNaoApta: 'Empresa não está apta a emitir NF-e',
  ambienteViaSandbox: 'Ambiente NF-e não pode ser alterado via credencial sandbox',
  parametrosInvalidos: 'invalid_params',
  jsonInvalido: 'JSON inválido',
  falhaSefaz: 'Falha de comunicação com a SEFAZ',
  naoAutorizado: 'HTTP Basic: Access denied.',
  naoAceitavel: 'Not Acceptable',
  limiteRequisicoes: 'Limite de requisições excedido',
  servicoIndisponivel: 'Serviço temporariamente indisponível',
} as const;
