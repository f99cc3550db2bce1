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
}

export const CAMPOS_ITEM = [
  'quantidade', 'codigo_produto', 'codigo', 'descricao', 'ncm', 'cest', 'cfop', 'unidade_comercial',
  'valor_unitario', 'valor_desconto', 'origem', 'cst_icms', 'csosn', 'aliquota_icms', 'cst_pis',
  'cst_cofins', 'cst_ipi', 'aliquota_ipi',
] as const satisfies readonly (keyof ItemNotaEntrada)[];
