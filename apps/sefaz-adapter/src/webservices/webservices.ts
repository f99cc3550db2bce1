import { codigoUf, ehUf, type ServicoSefaz, type TipoSvc } from '@emissor/fiscal-domain';
import tabela from './webservices.json';

/**
 * Endpoints of the NF-e 4.00 web services as data (webservices.json): the authorizer of each state
 * (its own SEFAZ, SVRS or SVAN; CE is served by SVRS) and its URL per environment and service.
 */
export type NomeAmbiente = 'producao' | 'homologacao';
type Autorizadores = Record<string, Record<NomeAmbiente, Partial<Record<ServicoSefaz, string>>>>;

const AUTORIZADOR_POR_UF = tabela.autorizadorPorUf as Record<string, string>;
const AUTORIZADORES = tabela.autorizadores as Autorizadores;

export const nomeAmbiente = (ambiente: 1 | 2): NomeAmbiente => (ambiente === 1 ? 'producao' : 'homologacao');

export function autorizadorDaUf(uf: string): string {
  if (!ehUf(uf)) throw new Error(`UF inválida: ${uf}`);
  const autorizador = AUTORIZADOR_POR_UF[uf];
  if (!autorizador) throw new Error(`UF sem autorizador NF-e: ${uf}`);
  return autorizador;
}

export interface EnderecoServico {
  autorizador: string;
  /** The real SEFAZ URL. */
  url: string;
  /** cUF of the issuer (status requests carry it). */
  cUF: string;
}

/** The SVC authorizers as webservices.json names them. */
const AUTORIZADOR_SVC_TABELA: Record<TipoSvc, string> = { svc_an: 'SVCAN', svc_rs: 'SVCRS' };
/** Names as decisions §9 and the simulator's fault filter spell them (SVCAN -> SVC-AN). */
export const nomePublicoAutorizador = (autorizador: string) =>
  autorizador === 'SVCAN' ? 'SVC-AN' : autorizador === 'SVCRS' ? 'SVC-RS' : autorizador;

/** The key of an authorizer's shared availability (sefaz.autorizadores): destination kind, authorizer, environment. */
export const chaveAutorizador = (tipoDestino: string, autorizador: string, ambiente: 1 | 2) => `${tipoDestino}:${autorizador}:${ambiente}`;

/** UFs whose notes (in normal emission) the authorizer serves. */
export const ufsDoAutorizador = (autorizador: string): string[] =>
  Object.keys(AUTORIZADOR_POR_UF).filter((uf) => AUTORIZADOR_POR_UF[uf] === autorizador);

/** `contingencia`: the SVC that replaces the state's authorizer for a note keyed in SVC (tpEmis 6/7). */
export function enderecoServico(uf: string, ambiente: 1 | 2, servico: ServicoSefaz, contingencia?: TipoSvc | null): EnderecoServico {
  const autorizador = contingencia ? AUTORIZADOR_SVC_TABELA[contingencia] : autorizadorDaUf(uf);
  const url = AUTORIZADORES[autorizador]?.[nomeAmbiente(ambiente)]?.[servico];
  if (!url) throw new Error(`Sem URL de ${servico} para ${autorizador} (${nomeAmbiente(ambiente)})`);
  return { autorizador, url, cUF: codigoUf(uf) };
}

/**
 * Where the call goes: the real URL, or the simulator's base + `/{producao|homologacao|sandbox}` + the
 * real service path + `?autorizador=` (the authorizer's name) (the simulator tells environments apart by that prefix, as SEFAZ does by host
 * name; sandbox notes get their own, so they never collide with the company's homologação notes).
 */
export function urlDestino(endereco: EnderecoServico, ambiente: 1 | 2, simuladorUrl: string | null, sandbox = false): URL {
  if (!simuladorUrl) return new URL(endereco.url);
  const base = new URL(simuladorUrl);
  const prefixo = sandbox ? 'sandbox' : nomeAmbiente(ambiente);
  base.pathname = `${base.pathname.replace(/\/+$/, '')}/${prefixo}${new URL(endereco.url).pathname}`;
  // Real authorizers share paths (SVAN and SVC-AN, SVRS and SVC-RS differ by host only): the simulator is told which one.
  base.search = `?autorizador=${nomePublicoAutorizador(endereco.autorizador)}`;
  return base;
}

export const autorizadoresConhecidos = (): string[] => Object.keys(AUTORIZADORES);
