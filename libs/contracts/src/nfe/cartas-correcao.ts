/**
 * Carta de correção (event 110110) and authority status (decisions §9): gateway <-> nfe-service, and
 * the authorizer state nfe-service asks the SEFAZ adapter for.
 */
import type { AmbienteSefaz } from '@emissor/fiscal-domain';
import type { StatusSefaz } from './sefaz';

export interface CriarCartaCorrecao {
  uuid: string;
  correcao: string;
}

export interface CartaCorrecaoCriada {
  message: string;
  uuid: string;
  sequencia: number;
}

const situacoesCarta = ['pendente', 'autorizada', 'rejeitada'] as const;
export type SituacaoCartaCorrecao = (typeof situacoesCarta)[number];
export const SITUACOES_CARTA_CORRECAO: readonly SituacaoCartaCorrecao[] = situacoesCarta;

export interface CartaCorrecaoResposta {
  sequencia: number;
  correcao: string;
  situacao: SituacaoCartaCorrecao;
  protocolo?: string;
  data_evento?: string;
  status_sefaz?: StatusSefaz;
}

export interface ReferenciaCartaCorrecao {
  uuid: string;
  sequencia: number;
}

export interface ConsultarStatusSefaz {
  /** Default: the company's UF. */
  uf?: string;
}

export type TipoContingencia = 'svc_an' | 'svc_rs';

/** `GET /nfe/v1/sefaz/status` (decisions §9). */
export interface StatusSefazResposta {
  uf: string;
  ambiente: 'producao' | 'homologacao';
  autorizador: string;
  disponivel: boolean;
  contingencia: null | { tipo: TipoContingencia; inicio: string };
  verificado_em: string;
}

/** nfe-service -> sefaz-adapter: the state of the authorizer of a UF, as the adapter's replicas share it. */
export interface PedidoEstadoAutorizador {
  uf: string;
  ambiente: AmbienteSefaz;
  sandbox: boolean;
}

export interface EstadoAutorizadorResposta {
  autorizador: string;
  disponivel: boolean;
  motivo: string | null;
  /** ISO 8601: since when it is in this state. */
  desde: string;
  verificado_em: string;
}

/**
 * sefaz-adapter -> nfe-service (Assuntos.nfe.resultados.autorizador): an authorizer went down (its
 * status probe failed too) or answers again. Repeated while it stays down (idempotent). nfe-service
 * switches the contingency of the UFs it serves (decisions §9).
 */
export interface MudancaEstadoAutorizador {
  /** The state authorizer (SP, SVRS, SVAN, ...). */
  autorizador: string;
  ambiente: AmbienteSefaz;
  /** Whose notes it concerns: sandbox notes (true) and/or the others (false), by where the adapter sends each. */
  sandbox: boolean[];
  /** UFs whose notes this authorizer receives in normal emission. */
  ufs: string[];
  disponivel: boolean;
  motivo: string | null;
  /** ISO 8601: since when it is down (or the moment it answered again). */
  desde: string;
}
