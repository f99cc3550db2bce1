/** Company NF-e configuration (spec: "Company NF-e configuration"). */
export type AmbienteNfe = 'homologacao' | 'producao';

export interface RequisitoNfe {
  descricao: string;
  atendido: boolean;
}

export interface ConfiguracaoNfeResposta {
  cnpj: string;
  nfe_serie_padrao: number;
  nfe_ambiente: AmbienteNfe;
  emite_nfe: boolean;
  emite_nfe_sandbox: boolean;
  requisitos_nfe: RequisitoNfe[];
}

export interface AtualizarConfiguracaoNfe {
  nfe_serie_padrao?: number;
  nfe_ambiente?: AmbienteNfe;
  confirmar_producao?: boolean;
}
