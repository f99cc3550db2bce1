/**
 * The NFS-e note API (spec: "NFS-e note", decisions §7). Field names are the spec's. Decimals travel
 * as strings; the note `id` is an integer, final in the create answer.
 */
import type { SituacaoNfse, SituacaoRps, TributosAproximados } from '@emissor/fiscal-domain';
import type { EnderecoRequisicao } from '../nfe/notas';

export interface ServicoNfseRequisicao {
  codigo_cnae?: string | null;
  codigo_item_lista: string;
  descricao?: string | null;
}

export interface TomadorRequisicao {
  razao_social: string;
  cpf_cnpj: string;
  inscricao_municipal?: string | null;
  telefone?: string | null;
  email?: string | null;
  codigo_municipio?: string | null;
  endereco?: EnderecoRequisicao | null;
}

export interface CriarNotaNfse {
  codigo_externo: string;
  valor_servicos: string;
  nbs_codigo?: string | null;
  nbs_cst?: string | null;
  nbs_ct?: string | null;
  nbs_indop?: string | null;
  /** ME/EPP on the national provider: the Simples Nacional rate (fraction), the DPS's pTotTribSN. */
  aliquota_simples_nacional?: string | null;
  /** National provider: the approximate taxes (Lei 12.741/2012) as fractions, the DPS's pTotTrib; required outside the Simples. */
  tributos_aproximados?: TributosAproximados | null;
  /**
   * The tomador withholds the ISS (LC 116/2003 art. 6º: the municipality's law, or §2º's list, makes it
   * responsible): `iss.valor_liquido` is the service value less the ISS; the DPS's tpRetISSQN 2, the RPS's
   * IssRetido 1 with ResponsavelRetencao 1. Absent or false: not retained (decisions §7, "none unless sent").
   */
  iss_retido?: boolean | null;
  servico: ServicoNfseRequisicao;
  tomador: TomadorRequisicao;
  descricao?: string | null;
  observacoes?: string | null;
}

// decisions §7: the domain owns the two state lists (its rules move between them); the API shows them as they are.
export { SITUACOES_NFSE, SITUACOES_RPS, type SituacaoNfse, type SituacaoRps } from '@emissor/fiscal-domain';

export interface EnderecoResposta {
  cep: string;
  logradouro: string;
  numero: string;
  bairro: string;
  municipio: string;
  uf: string;
  complemento?: string;
}

export interface NotaNfseResposta {
  id: number;
  codigo_externo: string;
  valor_servicos: string;
  iss: { valor_liquido: string; base_calculo: string; valor_iss: string; aliquota_iss: string };
  rps: { situacao: SituacaoRps; numero: number; serie: string; tipo: string; data_emissao: string };
  nfse: { situacao: SituacaoNfse; numero?: string; codigo_verificacao?: string; data_emissao?: string };
  tomador: { razao_social: string; cpf_cnpj: string; endereco?: EnderecoResposta; email?: string; telefone?: string };
  servico: { codigo_cnae: string; codigo_item_lista: string; descricao: string };
  nbs: { codigo?: string; cst?: string; ct?: string; indop?: string };
  descricao?: string;
  observacoes?: string;
}

/** An authority's message on a refused RPS/DPS (ABRASF MensagemRetorno, the Sefin's E-codes, ours `LEIAUTE`). */
export interface ErroAutoridadeNfse {
  codigo: string;
  mensagem: string;
  correcao?: string;
}

/**
 * `GET /nfse/v1/notas/{id}/erros`: why the RPS ended `processado_com_erro` (empty otherwise). A route
 * of its own, because the spec's NFS-e response admits no field beyond its own.
 */
export interface ErrosNotaNfse {
  rps_situacao: SituacaoRps;
  /** Why the RPS/DPS was refused (processado_com_erro); empty otherwise. */
  erros: ErroAutoridadeNfse[];
  /** Why the authority refused the last cancellation of a note still emitida; empty otherwise. */
  cancelamento_erros: ErroAutoridadeNfse[];
}

export interface ReferenciaNotaNfse {
  /** Decimal digits (the path parameter, validated by the gateway). */
  id: string;
}

export interface ListarNotasNfse {
  page: number;
  per_page: number;
  codigo_externo?: string;
  situacao?: SituacaoNfse;
  /** YYYY-MM-DD, inclusive, on the RPS issue date in the company's time zone. */
  data_inicio?: string;
  data_fim?: string;
}

export interface CancelarNotaNfse {
  id: string;
  motivo_cancelamento: string;
}

export interface CancelamentoNfseSolicitado {
  message: string;
  nota_fiscal_id: number;
}

/** decisions §10: the NFS-e XML (national: the signed NFSe; ABRASF: CompNfse). */
export interface XmlNotaNfse {
  xml: string;
}
