/**
 * Items as the API names them. Request fields may be omitted or sent as null; after pre-fill
 * an item holds the values that go into the document.
 */

/** `itens[]` of `POST /nfe/v1/notas`, exactly as the spec names the fields. */
export interface ItemNotaEntrada {
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
  /** Fraction: 0.18 means 18%. */
  aliquota_icms?: string | null;
  cst_pis?: string | null;
  cst_cofins?: string | null;
  cst_ipi?: string | null;
  /** Fraction, like aliquota_icms: 0.05 means 5%. */
  aliquota_ipi?: string | null;
  /** CST 20 and 70: reduction of the ICMS base (pRedBC), fraction. */
  reducao_base_calculo_icms?: string | null;
  /** ICMS-ST (CST 10, 30, 70; CSOSN 201, 202, 203): value-added margin (pMVAST), fraction. */
  mva_icms_st?: string | null;
  /** ICMS-ST rate (pICMSST), fraction. */
  aliquota_icms_st?: string | null;
  /** Reduction of the ST base (pRedBCST), fraction; optional. */
  reducao_base_calculo_icms_st?: string | null;
  /** IBS/CBS (NT 2025.002): CST, 3 digits. */
  cst_ibs_cbs?: string | null;
  /** IBS/CBS cClassTrib, 6 digits (its first 3 are the CST). */
  classificacao_tributaria_ibs_cbs?: string | null;
  /** DIFAL: the destination state's internal rate for this item, overriding the domain's table (fraction). */
  aliquota_icms_uf_destino?: string | null;
  /** DIFAL: the destination state's FCP for this item, overriding the table (fraction). */
  aliquota_fcp_uf_destino?: string | null;
}

/** A registered goods item (mercadoria) of the company, as the spec names its fields. */
export interface Mercadoria {
  codigo: string;
  nome: string;
  descricao?: string | null;
  ncm?: string | null;
  cest?: string | null;
  cfop_interno?: string | null;
  cfop_interestadual?: string | null;
  unidade_comercial?: string | null;
  valor?: string | null;
  origem?: number | null;
  cst_icms?: string | null;
  csosn?: string | null;
  /** Fraction (0.18). `aliquota_icms_percent` is the same rate as a percentage and is not read here. */
  aliquota_icms?: string | null;
  aliquota_icms_percent?: string | null;
  cst_pis?: string | null;
  cst_cofins?: string | null;
  /** Not in the spec's goods item; read when the catalog has them. */
  cst_ipi?: string | null;
  aliquota_ipi?: string | null;
}

/** The fields of an item after pre-fill. Absent means "not informed" (never null). */
export interface ItemPreenchido {
  quantidade: string;
  codigo_produto?: string;
  codigo?: string;
  descricao?: string;
  ncm?: string;
  cest?: string;
  cfop?: string;
  unidade_comercial?: string;
  valor_unitario?: string;
  valor_desconto?: string;
  origem?: number;
  cst_icms?: string;
  csosn?: string;
  aliquota_icms?: string;
  cst_pis?: string;
  cst_cofins?: string;
  cst_ipi?: string;
  aliquota_ipi?: string;
  reducao_base_calculo_icms?: string;
  mva_icms_st?: string;
  aliquota_icms_st?: string;
  reducao_base_calculo_icms_st?: string;
  cst_ibs_cbs?: string;
  classificacao_tributaria_ibs_cbs?: string;
  aliquota_icms_uf_destino?: string;
  aliquota_fcp_uf_destino?: string;
}

export const CAMPOS_ITEM = [
  'quantidade',
  'codigo_produto',
  'codigo',
  'descricao',
  'ncm',
  'cest',
  'cfop',
  'unidade_comercial',
  'valor_unitario',
  'valor_desconto',
  'origem',
  'cst_icms',
  'csosn',
  'aliquota_icms',
  'cst_pis',
  'cst_cofins',
  'cst_ipi',
  'aliquota_ipi',
  'reducao_base_calculo_icms',
  'mva_icms_st',
  'aliquota_icms_st',
  'reducao_base_calculo_icms_st',
  'cst_ibs_cbs',
  'classificacao_tributaria_ibs_cbs',
  'aliquota_icms_uf_destino',
  'aliquota_fcp_uf_destino',
] as const satisfies readonly (keyof ItemNotaEntrada)[];
