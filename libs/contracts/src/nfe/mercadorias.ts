/** Goods catalog item (spec: "Goods item (mercadoria)"). Decimals travel as strings. */
export interface MercadoriaCampos {
  nome: string;
  ncm: string;
  unidade_comercial: string;
  valor: string;
  cfop_interestadual?: string | null;
  cfop_interno?: string | null;
  descricao?: string | null;
  cest?: string | null;
  origem?: number | null;
  cst_icms?: string | null;
  csosn?: string | null;
  /** Fraction: 0.18 means 18%. */
  aliquota_icms?: string | null;
  /** Alternative input: the same rate as a percentage (18 means 18%). Send one of the two. */
  aliquota_icms_percent?: string | null;
  cst_pis?: string | null;
  cst_cofins?: string | null;
  padrao?: boolean;
}

export interface CriarMercadoria extends MercadoriaCampos {
  codigo: string;
}

export type AtualizarMercadoria = Partial<MercadoriaCampos> & { codigo: string };

export interface ReferenciaMercadoria {
  codigo: string;
}

/** Optional fields the item does not have are absent (never null). */
export interface MercadoriaResposta {
  codigo: string;
  nome: string;
  ncm: string;
  cfop_interestadual?: string;
  unidade_comercial: string;
  valor: string;
  padrao: boolean;
  created_at: string;
  updated_at: string;
  descricao?: string;
  cest?: string;
  cfop_interno?: string;
  origem?: number;
  cst_icms?: string;
  csosn?: string;
  aliquota_icms?: string;
  aliquota_icms_percent?: string;
  cst_pis?: string;
  cst_cofins?: string;
}
