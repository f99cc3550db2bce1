/**
 * The NF-e note API (spec: "NF-e note"). Request types mirror the spec's field names; the fiscal
 * domain's `NotaEntrada` is structurally the same, so the service passes the request through.
 */
import type { StatusSefaz } from './sefaz';

export interface EnderecoRequisicao {
  cep: string;
  logradouro: string;
  numero: string;
  bairro: string;
  municipio: string;
  uf: string;
  complemento?: string | null;
}

export interface DestinatarioRequisicao {
  razao_social: string;
  cpf_cnpj: string;
  indicador_ie: number;
  endereco: EnderecoRequisicao;
  inscricao_estadual?: string | null;
  email?: string | null;
  telefone?: string | null;
  codigo_municipio?: string | null;
}

export interface ItemRequisicao {
  quantidade: string;
  codigo_produto?: string | null;
  codigo?: string | null;
  descricao?: string | null;
  ncm?: string | null;
  cest?: string | null;
  cfop?: string | null;
  unidade_comercial?: string | null;
  valor_unitario?: string | null;
  valor_desconto?: string | null;
  origem?: number | null;
  cst_icms?: string | null;
  csosn?: string | null;
  aliquota_icms?: string | null;
  cst_pis?: string | null;
  cst_cofins?: string | null;
  cst_ipi?: string | null;
  aliquota_ipi?: string | null;
}

export interface CartaoRequisicao {
  tipo_integracao?: number | null;
  cnpj_credenciadora?: string | null;
  bandeira?: string | null;
  codigo_autorizacao?: string | null;
  cnpj_recebedor?: string | null;
  id_terminal?: string | null;
}

export interface PagamentoRequisicao {
  forma_pagamento?: string | null;
  valor?: string | null;
  indicador_pagamento?: number | null;
  data?: string | null;
  descricao?: string | null;
  cnpj_transacional?: string | null;
  uf_transacional?: string | null;
  cartao?: CartaoRequisicao | null;
}

export interface IntermediadorRequisicao {
  cnpj?: string | null;
  identificador_cadastro?: string | null;
}

export interface CriarNota {
  codigo_externo: string;
  natureza_operacao: string;
  serie?: number | null;
  tipo_operacao?: number | null;
  finalidade?: number | null;
  indicador_consumidor_final?: boolean | null;
  indicador_presenca?: number | null;
  informacoes_complementares?: string | null;
  data_saida?: string | null;
  destinatario: DestinatarioRequisicao;
  itens: ItemRequisicao[];
  pagamentos?: PagamentoRequisicao[] | null;
  troco?: string | null;
  intermediador?: IntermediadorRequisicao | null;
}

export type SituacaoNfe =
  | 'pendente'
  | 'em_processamento'
  | 'autorizada'
  | 'rejeitada'
  | 'denegada'
  | 'cancelamento_solicitado'
  | 'cancelada'
  | 'inutilizada';

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

export interface TotaisResposta {
  valor_produtos: string;
  valor_frete: string;
  valor_seguro: string;
  valor_desconto: string;
  valor_outras_despesas: string;
  valor_bc_icms: string;
  valor_icms: string;
  valor_bc_icms_st: string;
  valor_icms_st: string;
  valor_ipi: string;
  valor_pis: string;
  valor_cofins: string;
  valor_ii: string;
  valor_total: string;
}

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
}

export interface ReferenciaNota {
  uuid: string;
}

export interface ListarNotas {
  page: number;
  per_page: number;
  situacao?: SituacaoNfe;
  codigo_externo?: string;
}

export interface CancelarNota {
  uuid: string;
  justificativa: string;
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
