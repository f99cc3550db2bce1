/**
 * Domain events `nfe_*` (spec "Events", decisions §6), published on JetStream subject
 * `Assuntos.nfe.eventos(tipo)` for the webhook dispatcher. `corpo` is exactly the webhook body;
 * the envelope says whose it is, so the dispatcher can pick the company's endpoints.
 */
import type { StatusSefaz } from './sefaz';

export const TiposEventoNfe = [
  'nfe_solicitacao_autorizacao',
  'nfe_autorizada',
  'nfe_rejeitada',
  'nfe_denegada',
  'nfe_solicitacao_cancelamento',
  'nfe_cancelamento_autorizado',
  'nfe_cancelamento_rejeitado',
  'nfe_inutilizada',
  'nfe_carta_correcao_autorizada',
  'nfe_carta_correcao_rejeitada',
] as const;
export type TipoEventoNfe = (typeof TiposEventoNfe)[number];

export interface CorpoEventoNota {
  event_id: string;
  occurred_at: string;
  sandbox: boolean;
  uuid: string;
  codigo_externo: string;
  chave_acesso: string;
  numero: number;
  serie: number;
  situacao: string;
  status_sefaz?: StatusSefaz;
  protocolo?: string;
  xml_url?: string;
  danfe_url?: string;
  /** nfe_carta_correcao_*: the carta's nSeqEvento and text (decisions §9). */
  sequencia?: number;
  correcao?: string;
}

export interface CorpoInutilizacaoNota {
  event_id: string;
  occurred_at: string;
  modo: 'nota';
  sandbox: boolean;
  uuid: string;
  chave_acesso: string;
  numero: number;
  serie: number;
  situacao: string;
  protocolo: string;
  xml_url: string;
  danfe_url: string;
}

export interface CorpoInutilizacaoFaixa {
  event_id: string;
  occurred_at: string;
  modo: 'faixa';
  sandbox: boolean;
  serie: number;
  protocolo: string;
  numero_inicial: number;
  numero_final: number;
  justificativa: string;
}

export interface EventoNfe {
  tipo: TipoEventoNfe;
  conta_id: string;
  empresa_id: string;
  corpo: CorpoEventoNota | CorpoInutilizacaoNota | CorpoInutilizacaoFaixa;
}
