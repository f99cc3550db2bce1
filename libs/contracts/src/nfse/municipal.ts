/**
 * nfse-service <-> municipal-adapter over JetStream (durable, deduplicated by `Nats-Msg-Id` =
 * `comando_id` / result id). The command is provider-neutral: the adapter turns it into an ABRASF
 * RPS, a national DPS or whatever the municipality's provider speaks, and signs it with the
 * company's certificate (which it asks from the registry), so nfse-service never changes when a
 * provider is added.
 */
import type { EnderecoNacional, TributosAproximados } from '@emissor/fiscal-domain';

export interface EnderecoTomadorRps {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  /** IBGE code when known (tomador.codigo_municipio). */
  codigo_municipio?: string;
  municipio: string;
  uf: string;
  cep: string;
}

/**
 * The tomador's address as a national DPS takes it (its `end/endNac`): only with the IBGE code, which the
 * layout has and the city's name is not. The one mapping the DPS, its layout check in the adapter and
 * nfse-service's check at creation (Anexo I E0234) all go by.
 */
export function enderecoNacionalDoTomador(e?: EnderecoTomadorRps): EnderecoNacional | undefined {
  if (!e?.codigo_municipio) return undefined;
  return {
    codigoMunicipio: e.codigo_municipio,
    cep: e.cep,
    logradouro: e.logradouro,
    numero: e.numero,
    complemento: e.complemento,
    bairro: e.bairro,
  };
}

/**
 * decisions §10: the protocol a note goes by (fixed at creation). nfse-service always sends it; a
 * command queued before the field existed lacks it, and those notes were all ABRASF: the adapter reads
 * a missing one as `abrasf-2.04`.
 */
export type ProvedorNfse = 'nacional' | 'abrasf-2.04';

export interface ComandoEnviarRps {
  comando_id: string;
  nota_id: number;
  empresa_id: string;
  provedor: ProvedorNfse;
  /** IBGE code of the issuer's municipality: selects the endpoint. */
  codigo_municipio: string;
  /** Sandbox notes always go to the simulator. */
  sandbox: boolean;
  prestador: {
    cnpj: string;
    inscricao_municipal?: string;
    razao_social: string;
    /** 1 Simples Nacional, 2 excesso de sublimite, 3 normal, 4 MEI. */
    regime_tributario?: number;
  };
  rps: {
    numero: number;
    serie: string;
    /** ABRASF TipoRps: 1 RPS. */
    tipo: string;
    /** ISO 8601 with offset. */
    data_emissao: string;
    /** YYYY-MM-DD. */
    competencia: string;
  };
  servico: {
    codigo_item_lista: string;
    codigo_cnae: string;
    discriminacao: string;
    /** Where the service is taxed (the issuer's municipality). */
    codigo_municipio: string;
    valor_servicos: string;
    base_calculo: string;
    /** Fraction (0.05). */
    aliquota: string;
    valor_iss: string;
    valor_liquido: string;
    /** The tomador withholds the ISS (tpRetISSQN 2; ABRASF IssRetido 1, ResponsavelRetencao 1). */
    iss_retido?: boolean;
    codigo_nbs?: string;
    /** The reform's fields of the note (nbs_cst, nbs_ct, nbs_indop): the DPS's IBSCBS group. */
    nbs_cst?: string;
    nbs_ct?: string;
    nbs_indop?: string;
    /** ME/EPP: the company's Simples Nacional rate, fraction (0.06): the DPS's pTotTribSN. */
    aliquota_simples_nacional?: string;
    /** The approximate taxes, fractions: the DPS's pTotTrib. */
    tributos_aproximados?: TributosAproximados;
  };
  tomador: {
    cpf_cnpj: string;
    razao_social: string;
    inscricao_municipal?: string;
    telefone?: string;
    email?: string;
    endereco?: EnderecoTomadorRps;
  };
  observacoes?: string;
}

export interface ComandoCancelarNfse {
  comando_id: string;
  nota_id: number;
  empresa_id: string;
  codigo_municipio: string;
  sandbox: boolean;
  prestador: { cnpj: string; inscricao_municipal?: string };
  nfse_numero: string;
  motivo: string;
  provedor: ProvedorNfse;
  /** National NFS-e: the 50-position access key the event names. */
  chave_acesso?: string;
}

export interface MensagemMunicipio {
  codigo: string;
  mensagem: string;
  correcao?: string;
}

export interface RpsEnviado {
  nota_id: number;
  protocolo: string;
  numero_lote: string;
}

export interface ResultadoRps {
  nota_id: number;
  situacao: 'processado_com_sucesso' | 'processado_com_erro';
  /** Present on success. */
  nfse?: { numero: string; codigo_verificacao: string; data_emissao: string; xml?: string };
  /** Present on failure. */
  erros?: MensagemMunicipio[];
  protocolo?: string;
}

export interface ResultadoCancelamentoNfse {
  comando_id: string;
  nota_id: number;
  aceito: boolean;
  /** ISO 8601 with offset, when accepted. */
  data_cancelamento?: string;
  erros?: MensagemMunicipio[];
}
