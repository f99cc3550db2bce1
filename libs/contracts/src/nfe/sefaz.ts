/**
 * nfe-service <-> sefaz-adapter. Commands and results travel on JetStream (durable, deduplicated by
 * `Nats-Msg-Id` = `comando_id`); inutilização is request-reply because the API answers it
 * synchronously. XML travels already signed: nfe-service holds the key and signs before it commits.
 */
import type { AmbienteSefaz } from '@emissor/fiscal-domain';

interface DestinoSefaz {
  /** Idempotency key of the command; also the JetStream message id. */
  comando_id: string;
  nota_id: string;
  empresa_id: string;
  /** Issuer CNPJ; with `uf` it selects the authorizer (own SEFAZ, SVRS, SVAN). */
  cnpj: string;
  uf: string;
  /** tpAmb: 1 produção, 2 homologação. */
  ambiente: AmbienteSefaz;
  /** Sandbox notes always go to the simulator, whatever SEFAZ_MODE says. */
  sandbox: boolean;
  chave_acesso: string;
}

export interface ComandoAutorizar extends DestinoSefaz {
  /** The signed `<NFe>` element (no XML declaration). */
  xml_nfe: string;
}

/**
 * One NF-e event at the authority (the event pipeline): cancellation 110111, carta de correção 110110
 * (the types are the fiscal domain's TIPOS_EVENTO_NFE). The adapter keys it by (key, tipo_evento, sequencia).
 */
export interface ComandoEvento extends DestinoSefaz {
  /** tpEvento: '110111', '110110', ... */
  tipo_evento: string;
  /** nSeqEvento (1 for a cancellation; 1..20 for cartas de correção). */
  sequencia: number;
  /** The signed `<evento>` element (its infEvento Id carries tipo_evento, the key and sequencia). */
  xml_evento: string;
}

export interface StatusSefaz {
  codigo: string;
  motivo: string;
}

/** `status_sefaz.codigo` of a note SEFAZ could not receive (decisions §11): it stays `pendente`. */
export const CODIGO_STATUS_TRANSMISSAO = 'transmissao';

/**
 * SEFAZ refused the connection for a reason retrying will not fix (the company's certificate refused in
 * the TLS handshake, expired or revoked; HTTP 403). This attempt never reached SEFAZ; the adapter
 * retries at a slow pace and a new certificate sends it.
 */
export interface FalhaTransmissao {
  comando_id: string;
  nota_id: string;
  empresa_id: string;
  motivo: string;
  /**
   * SEFAZ may hold the note from an earlier attempt (a receipt, or a send whose outcome was not heard):
   * the refused call was a consultation, and the note stays `em_processamento`. False only when SEFAZ
   * never received it (it may go back to `pendente`); absent (an older adapter) is read as true.
   */
  talvez_recebida?: boolean;
}

/** The adapter has sent the note and waits for the receipt (state `em_processamento`, no event). */
export interface NotaEmProcessamento {
  comando_id: string;
  nota_id: string;
}

export interface ResultadoAutorizacao {
  comando_id: string;
  nota_id: string;
  chave_acesso: string;
  situacao: 'autorizada' | 'rejeitada' | 'denegada';
  status_sefaz: StatusSefaz;
  /** nProt (authorized and denied notes have one). */
  protocolo?: string;
  /** dhRecbto as SEFAZ gave it (with offset). */
  data_recebimento?: string;
  /** The `<protNFe>` element, to assemble the nfeProc (authorized and denied). */
  xml_protocolo?: string;
}

/** The authority's verdict on a ComandoEvento (published on `Assuntos.nfe.resultados.evento`). */
export interface ResultadoEvento {
  comando_id: string;
  nota_id: string;
  chave_acesso: string;
  tipo_evento: string;
  sequencia: number;
  /** Registered (135, 136, 155; or found registered by the consultation). */
  aceito: boolean;
  status_sefaz: StatusSefaz;
  protocolo?: string;
  data_evento?: string;
  /** The `<retEvento>` element returned by SEFAZ. */
  xml_retorno?: string;
}

export interface PedidoInutilizacaoSefaz {
  empresa_id: string;
  cnpj: string;
  uf: string;
  ambiente: AmbienteSefaz;
  sandbox: boolean;
  /** The signed `<inutNFe>` element. */
  xml_inutilizacao: string;
}

export interface RespostaInutilizacaoSefaz {
  homologada: boolean;
  status_sefaz: StatusSefaz;
  protocolo?: string;
  data_recebimento?: string;
  /** The `<retInutNFe>` element. */
  xml_retorno?: string;
}

/** Registry request of a signing/TLS service: one company's certificate. */
export interface PedidoCertificado {
  empresa_id: string;
}
