import type { Uf } from '../datas';
import type { ItemNotaEntrada, ItemPreenchido } from '../itens';
import type { IntermediadorEntrada, PagamentoEntrada } from '../pagamentos';
import type { ApuracaoPisCofins } from '../totais';

export const NAMESPACE_NFE = 'http://www.portalfiscal.inf.br/nfe';
export const VERSAO_NFE = '4.00';
export const MODELO_NFE = '55';
/** tpAmb: 1 produção, 2 homologação. */
export type AmbienteSefaz = 1 | 2;
export const XNOME_HOMOLOGACAO = 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL';

/** Regime tributário of the company = CRT: 1 Simples Nacional, 2 Simples excesso de sublimite, 3 regime normal, 4 MEI. */
export type RegimeTributario = 1 | 2 | 3 | 4;

export interface EnderecoEmpresa {
  logradouro: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  municipio: string;
  /** IBGE, 7 digits. */
  codigo_municipio: string;
  uf: Uf;
  cep: string;
}

/** The issuing company, as the NF-e needs it. */
export interface EmpresaEmitente {
  cnpj: string;
  razao_social: string;
  nome_fantasia?: string | null;
  inscricao_estadual: string;
  regime_tributario: RegimeTributario;
  endereco: EnderecoEmpresa;
  telefone?: string | null;
  /** Only for regime 3: how PIS/COFINS are computed (default cumulativa, see totais/tributos.ts). */
  apuracao_pis_cofins?: ApuracaoPisCofins | null;
}

/** `destinatario.endereco` of the request. */
export interface EnderecoEntrada {
  cep: string;
  logradouro: string;
  numero: string;
  bairro: string;
  municipio: string;
  uf: string;
  complemento?: string | null;
}

export interface DestinatarioEntrada {
  razao_social: string;
  cpf_cnpj: string;
  /** 1 contribuinte ICMS, 2 contribuinte isento, 9 não contribuinte. */
  indicador_ie: number;
  endereco: EnderecoEntrada;
  inscricao_estadual?: string | null;
  email?: string | null;
  telefone?: string | null;
  /** IBGE, 7 digits. */
  codigo_municipio?: string | null;
}

/** Body of `POST /nfe/v1/notas`, exactly as the spec names the fields. */
export interface NotaEntrada<Item = ItemNotaEntrada> {
  codigo_externo: string;
  natureza_operacao: string;
  serie?: number | null;
  /** 0 entrada, 1 saída (default). */
  tipo_operacao?: number | null;
  /** 1 normal (default), 2 complementar, 3 ajuste, 4 devolução. */
  finalidade?: number | null;
  indicador_consumidor_final?: boolean | null;
  indicador_presenca?: number | null;
  informacoes_complementares?: string | null;
  /** `2026-11-22T14:05:09-03:00` or `2026-11-22`. */
  data_saida?: string | null;
  destinatario: DestinatarioEntrada;
  itens: Item[];
  pagamentos?: PagamentoEntrada[] | null;
  troco?: string | null;
  intermediador?: IntermediadorEntrada | null;
  /** NFref/refNFe: notes this one refers to (required for finalidade 2, 3 and 4). */
  documentos_referenciados?: DocumentoReferenciadoEntrada[] | null;
}

export interface DocumentoReferenciadoEntrada {
  /** 44 characters (`TChNFe`: letters only in an alphanumeric CNPJ's part), valid check digit. */
  chave_acesso: string;
}

/** The note after item pre-fill: what validation, totals and the XML read. */
export type NotaPreenchida = NotaEntrada<ItemPreenchido>;

/** Technical contact (infRespTec), required by several states (NT 2018.005). */
export interface ResponsavelTecnico {
  cnpj: string;
  contato: string;
  email: string;
  telefone: string;
  /**
   * The CSRT the issuer's state gave the technical contact, when that state has one configured:
   * idCSRT (2 digits) and the code, from which hashCSRT is computed with the note's key.
   */
  csrt?: { id: string; codigo: string } | null;
}
