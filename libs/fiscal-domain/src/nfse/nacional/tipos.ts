import type { AmbienteNacional } from './constantes';

/** The DPS (Declaração de Prestação de Serviço) in domain terms. Values are API decimal strings. */
export interface EnderecoNacional {
  /** IBGE, 7 digits. */
  codigoMunicipio: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
}

export interface DpsNacional {
  ambiente: AmbienteNacional;
  /** ISO 8601 with offset, whole seconds (TSDateTimeUTC). */
  dataHoraEmissao: string;
  serie: string;
  numero: number;
  /** YYYY-MM-DD. */
  competencia: string;
  /** IBGE code of the issuer's municipality (cLocEmi, and the DPS Id). */
  codigoMunicipioEmissor: string;
  prestador: {
    /** CNPJ (numeric or alphanumeric) or CPF, punctuation allowed. */
    documento: string;
    inscricaoMunicipal?: string;
    telefone?: string;
    email?: string;
    /** 1 Simples Nacional, 2 excesso de sublimite, 3 normal, 4 MEI (the API's regime_tributario). */
    regimeTributario?: number;
  };
  tomador?: {
    documento: string;
    nome: string;
    inscricaoMunicipal?: string;
    endereco?: EnderecoNacional;
    telefone?: string;
    email?: string;
  };
  servico: {
    /** Where the service was provided (cLocPrestacao). */
    codigoMunicipioPrestacao: string;
    /** LC 116 item of the municipal catalog ("01.07"): becomes cTribNac. */
    codigoItemLista: string;
    descricao: string;
    /** NBS, 9 digits (cNBS: 0-1 in the layout, required with the IBSCBS group, Anexo I E0322). */
    codigoNbs?: string;
    /** The note's observations: infoCompl/xInfComp (TSString, up to 2000). */
    informacoesComplementares?: string;
  };
  valores: {
    valorServicos: string;
    /** The tomador withholds the ISS: tpRetISSQN 2 (1 otherwise). */
    issRetido?: boolean;
    /** ISS rate as a fraction (0.05): pAliq as a percentage, where Anexo I lets the DPS carry it. */
    aliquotaIss?: string;
    /**
     * The company's Simples Nacional rate as a fraction (0.06): pTotTribSN, the approximate total of
     * taxes an ME/EPP informs (Anexo I E0712; Decreto 8.264/2014).
     */
    aliquotaSimplesNacional?: string;
    /**
     * The approximate taxes on the service (Lei 12.741/2012) as fractions of its value, federal,
     * state and municipal (an IBPT-like table's): pTotTrib, in any regime. Without it (and without an
     * ME/EPP's aliquotaSimplesNacional) pTotTrib declares the ISS alone, as totaisTributos says.
     */
    tributosAproximados?: TributosAproximados;
  };
  /** The reform's fields (nbs_indop, nbs_cst, nbs_ct): the IBSCBS group is written when any is sent. */
  ibsCbs?: { cIndOp?: string; cst?: string; cClassTrib?: string };
}

/** Fractions of the service's value (0.1345 is 13.45 %), each with at most 4 places, below 1. */
export interface TributosAproximados {
  federal: string;
  estadual: string;
  municipal: string;
}

/** An error or alert of the Sefin Nacional API (MensagemProcessamento). */
export interface MensagemSefin {
  codigo: string;
  descricao: string;
  complemento?: string;
}

/** What the product reads back from an NFS-e of the national layout. */
export interface NfseNacionalLida {
  chaveAcesso: string;
  numero: string;
  /** dhProc of the NFS-e (ISO 8601 with offset). */
  dataEmissao: string;
  idDps: string;
  codigoMunicipioEmissor: string;
  cStat: string;
}
