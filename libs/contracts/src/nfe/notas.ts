/** The NF-e note API (spec: "NF-e note"). */
import type {
  CartaoEntrada,
  DestinatarioEntrada,
  DocumentoReferenciadoEntrada,
  EnderecoEntrada,
  IntermediadorEntrada,
  ItemNotaEntrada,
  NotaEntrada,
  PagamentoEntrada,
  Totais,
} from '@emissor/fiscal-domain';
import type { StatusSefaz } from './sefaz';

// The request types are the fiscal domain's own input types (same names as the spec), so the
// service hands a validated request to the domain without mapping.
export type EnderecoRequisicao = EnderecoEntrada;
export type DestinatarioRequisicao = DestinatarioEntrada;
export type ItemRequisicao = ItemNotaEntrada;
export type CartaoRequisicao = CartaoEntrada;
export type PagamentoRequisicao = PagamentoEntrada;
export type IntermediadorRequisicao = IntermediadorEntrada;
export type DocumentoReferenciadoRequisicao = DocumentoReferenciadoEntrada;
export type CriarNota = NotaEntrada;

export type SituacaoNfe =
  'pendente' | 'em_processamento' | 'autorizada' | 'rejeitada' | 'denegada' | 'cancelamento_solicitado' | 'cancelada' | 'inutilizada';

export const SITUACOES_NFE: readonly SituacaoNfe[] = [
  'pendente',
  'em_processamento',
  'autorizada',
  'rejeitada',
  'denegada',
  'cancelamento_solicitado',
  'cancelada',
  'inutilizada',
];

export type TotaisResposta = Totais;

/** Shape of the note in every answer (201 of create, GET, list). */
export interface NotaResposta {
  uuid: string;
  codigo_externo: string;
  numero: number;
  serie: number;
  modelo: string;
  natureza_operacao: string;
  situacao: SituacaoNfe;
  data_emissao: string;
  data_saida?: string;
  data_autorizacao?: string;
  data_cancelamento?: string;
  finalidade: number;
  tipo_operacao: 'entrada' | 'saida';
  indicador_presenca: number;
  indicador_consumidor_final: boolean;
  informacoes_complementares?: string;
  chave_acesso: string;
  protocolo_autorizacao?: string;
  protocolo_cancelamento?: string;
  motivo_cancelamento?: string;
  totais: TotaisResposta;
  itens: object[];
  pagamentos?: object[];
  troco?: string;
  destinatario: object;
  links: { xml: string; danfe: string };
  intermediador?: { cnpj: string; identificador_cadastro: string };
  reemitida_uuid?: string;
  reemitida_de_uuid?: string;
  /** Only on GET, once SEFAZ has answered (decisions §3). */
  status_sefaz?: StatusSefaz;
  /** Only on GET, for a note issued in SVC contingency (decisions §9). */
  contingencia?: { tipo: 'svc_an' | 'svc_rs'; motivo: string; inicio: string };
}

export interface ReferenciaNota {
  uuid: string;
}

export interface ListarNotas {
  page: number;
  per_page: number;
  situacao?: SituacaoNfe;
  codigo_externo?: string;
  /** Between the gateway and nfe-service: the rest of a page an earlier reply could not carry (PaginaNotas.restantes), in its order. */
  ids?: string[];
}

/**
 * A page of notes as nfe-service answers it: as many as fit in one NATS message (the server's max_payload;
 * a page of large notes passes 1 MiB), and the ids of the rest, which the gateway asks for next. The
 * notes of a page are chosen once, by the first query, so concurrent creations cannot shift them.
 */
export interface PaginaNotas {
  notas: NotaResposta[];
  restantes?: string[];
}

export interface CancelarNota {
  uuid: string;
  justificativa: string;
}

/** 202 of `DELETE /nfe/v1/notas/{uuid}/cancel`: the cancellation goes to SEFAZ asynchronously. */
export interface CancelamentoNfeSolicitado {
  message: string;
  uuid: string;
}

export interface ReemitirNota {
  uuid: string;
  nota: CriarNota;
}

export interface InutilizarNota {
  uuid: string;
  justificativa: string;
}

export interface CriarInutilizacao {
  serie: number;
  numero_inicial: number;
  numero_final: number;
  justificativa: string;
}

/** A range invalidated by this company (in its current environment, for the credential's kind). */
export interface ReferenciaInutilizacao {
  serie: number;
  numero_inicial: number;
  numero_final: number;
}

export interface InutilizacaoResposta {
  message: string;
  serie: number;
  numero_inicial: number;
  numero_final: number;
  protocolo: string;
}

export interface XmlNota {
  xml: string;
}
