/** The ABRASF 2.04 documents in domain terms (no I/O). Values travel as API decimal strings. */
export interface IdentificacaoRpsAbrasf {
  numero: string;
  serie: string;
  tipo: string;
}

export interface EnderecoAbrasf {
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  codigoMunicipio?: string;
  uf?: string;
  cep?: string;
}

export interface RpsAbrasf {
  identificacao: IdentificacaoRpsAbrasf;
  /** YYYY-MM-DD. */
  dataEmissao: string;
  /** YYYY-MM-DD. */
  competencia: string;
  servico: {
    valorServicos: string;
    valorIss?: string;
    /** Fraction (0.05); written as the percentage the layout wants (5.00). */
    aliquota?: string;
    issRetido: boolean;
    itemListaServico: string;
    codigoCnae?: string;
    codigoNbs?: string;
    discriminacao: string;
    codigoMunicipio: string;
    /** 1 exigível. */
    exigibilidadeIss?: string;
    municipioIncidencia?: string;
  };
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  tomador?: {
    cpfCnpj: string;
    inscricaoMunicipal?: string;
    razaoSocial?: string;
    endereco?: EnderecoAbrasf;
    telefone?: string;
    email?: string;
  };
  regimeEspecialTributacao?: string;
  optanteSimplesNacional: boolean;
  incentivoFiscal: boolean;
  informacoesComplementares?: string;
}

export interface LoteRpsAbrasf {
  numeroLote: string;
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  rps: RpsAbrasf[];
}

export interface MensagemRetornoAbrasf {
  codigo: string;
  mensagem: string;
  correcao?: string;
  /** Present in ListaMensagemRetornoLote: the RPS the message is about. */
  identificacaoRps?: IdentificacaoRpsAbrasf;
}

export interface NfseAbrasf {
  numero: string;
  codigoVerificacao: string;
  /** As written by the municipality (dateTime, usually with offset). */
  dataEmissao: string;
  identificacaoRps: IdentificacaoRpsAbrasf | null;
  /** True when the answer carries a NfseCancelamento. */
  cancelada: boolean;
  /** The CompNfse element as the municipality wrote it, with the ABRASF namespace declared on it. */
  xml?: string;
}

/** The RPS identity as one string: number, series and type (how both ends match an RPS). */
export const chaveRps = (r: IdentificacaoRpsAbrasf): string => `${Number(r.numero)}|${r.serie}|${r.tipo}`;
