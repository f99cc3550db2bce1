/**
 * Webhook endpoints and their delivery log (decisions §5-§6), between the gateway and the
 * webhook-dispatcher. Every request carries the tenant context (account and company selected by
 * X-Empresa-CNPJ): an endpoint belongs to one company, and another company's endpoint is "not found".
 */
import type { TipoEventoNfe } from '../nfe/eventos';

export interface CriarWebhook {
  url: string;
  /** Event types to receive; absent means every type (including types added later). */
  eventos?: TipoEventoNfe[];
}

export interface WebhookResposta {
  id: string;
  url: string;
  /** The types this endpoint receives (every current type when created without a filter). */
  eventos: TipoEventoNfe[];
  /** false after the receiver answered 410 Gone: nothing more is sent to it. */
  ativo: boolean;
  desativado_motivo: string | null;
  /** ISO 8601 UTC. */
  created_at: string;
}

/** The create answer: the only time `chave_seguranca` (the HMAC key) is shown. */
export interface WebhookCriadoResposta extends WebhookResposta {
  chave_seguranca: string;
}

export interface ReferenciaWebhook {
  id: string;
}

export const SituacoesEntrega = ['pendente', 'entregue', 'falhou', 'cancelada'] as const;
/**
 * pendente: waiting for its next attempt; entregue: a 2xx arrived; falhou: retries exhausted or the
 * receiver answered 410; cancelada: the endpoint was removed or disabled before it was delivered.
 */
export type SituacaoEntrega = (typeof SituacoesEntrega)[number];

export interface TentativaResposta {
  numero: number;
  /** ISO 8601 UTC instant the request started. */
  iniciada_em: string;
  duracao_ms: number;
  /** HTTP status of the answer, null when none arrived (timeout, connection error, refused target). */
  status_http: number | null;
  erro: string | null;
}

export interface EntregaResposta {
  id: string;
  webhook_id: string;
  event_id: string;
  evento: TipoEventoNfe;
  situacao: SituacaoEntrega;
  created_at: string;
  entregue_em: string | null;
  /** When the next attempt is due (pendente only). */
  proxima_tentativa_em: string | null;
  tentativas: TentativaResposta[];
}

export interface ListarEntregas {
  webhook_id: string;
  page: number;
  per_page: number;
  event_id?: string;
  situacao?: SituacaoEntrega;
}

export interface ReenviarEntrega {
  webhook_id: string;
  entrega_id: string;
}
