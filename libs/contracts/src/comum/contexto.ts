/**
 * What the gateway resolved for a request, carried in every message so a service never has to
 * re-authenticate or guess the tenant. Services trust it: only the gateway faces the outside.
 */
import type { ApuracaoPisCofins, EnderecoEmpresa, RegimeTributario } from '@emissor/fiscal-domain';

export type { RegimeTributario };

export type TipoCredencial = 'producao' | 'sandbox';

/** The registry's address of a company: the domain's, with the IBGE code beside it (`codigo_municipio`) rather than inside. */
export type EnderecoCadastro = Omit<EnderecoEmpresa, 'codigo_municipio'>;

export interface CertificadoResumo {
  titular: string;
  cnpj: string | null;
  /** ISO 8601 UTC instants. */
  valido_de: string;
  valido_ate: string;
  /** Changes on every upload: a service caching the parsed key refreshes when it differs. */
  versao: string;
  /** Why an authority refused this certificate (TLS handshake, 403), if it did: the company is not apt until a new upload. */
  recusado?: string | null;
}

/** The company as the registry knows it (no secrets). */
export interface EmpresaContexto {
  id: string;
  cnpj: string;
  razao_social: string;
  nome_fantasia: string | null;
  inscricao_estadual: string | null;
  inscricao_municipal: string | null;
  regime_tributario: RegimeTributario | null;
  endereco: EnderecoCadastro;
  codigo_municipio: string;
  telefone: string | null;
  email: string | null;
  certificado: CertificadoResumo | null;
  /** decisions §10: the company's choice (`nacional` | `abrasf-2.04`), or null to follow its municipality. */
  provedor_nfse?: string | null;
  /** Regime 3 only: how PIS/COFINS are computed (their rates on the NF-e); null: cumulativa. */
  apuracao_pis_cofins?: ApuracaoPisCofins | null;
}

export interface ContextoRequisicao {
  requestId: string;
  contaId: string;
  credencial: TipoCredencial;
  empresa: EmpresaContexto;
}

/** NATS headers that travel with every message (also logged). */
export const CabecalhosNats = {
  requestId: 'x-request-id',
  credencial: 'x-credencial',
} as const;
