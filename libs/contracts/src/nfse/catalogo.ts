/** The municipal service catalog (decisions §5): one entry per (IBGE municipality, item da lista, CNAE). */
export interface CriarServicoMunicipal {
  codigo_municipio: string;
  codigo_cnae: string;
  codigo_item_lista: string;
  descricao: string;
  /** Fraction: 0.05 means 5%. */
  aliquota_iss: string;
}

export interface ServicoMunicipalResposta {
  codigo_municipio: string;
  codigo_cnae: string;
  codigo_item_lista: string;
  descricao: string;
  aliquota_iss: string;
}
