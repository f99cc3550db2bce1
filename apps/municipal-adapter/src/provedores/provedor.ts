import type { Agent } from 'node:https';
import type { KeyObject } from 'node:crypto';
import type { ComandoCancelarNfse, ComandoEnviarRps, MensagemMunicipio } from '@emissor/contracts';
import { certificadoRecusadoPeloServidor, descreverErroRede } from '@emissor/plataforma';

/**
 * A municipality's NFS-e system as the batching core sees it: ABRASF 2.04 (SOAP batches with a
 * protocol) and the Sistema Nacional (DPS over REST: its `enviarLote` answers `processado` at once,
 * DPS by DPS) implement the same contract, registered in registro-provedores.ts.
 */
export interface DestinoMunicipio {
  /** Base URL of the municipality's web service for this environment. */
  url: string;
  agente: Agent;
  assinante: { chavePrivada: KeyObject; certificadoDerBase64: string };
  tempoLimiteMs: number;
}

/** Where a company's request goes: the resolved endpoint, over mutual TLS with the company's certificate, signed with its key. */
export function destinoMunicipio(
  endpoint: { url: string; simulador: boolean },
  credencial: { agente(simulador: boolean): Agent; assinante: DestinoMunicipio['assinante'] },
  tempoLimiteMs: number,
): DestinoMunicipio {
  return { url: endpoint.url, agente: credencial.agente(endpoint.simulador), assinante: credencial.assinante, tempoLimiteMs };
}

export interface NfseEmitida {
  numero: string;
  codigo_verificacao: string;
  data_emissao: string;
  cancelada: boolean;
  /** The NFS-e document as the authority gave it (national: the signed NFSe; ABRASF: CompNfse), for GET .../xml. */
  xml?: string;
}

/** Per RPS (by nota_id) after processing: an NFS-e, or the municipality's messages. */
export type VereditoRps =
  | { tipo: 'emitida'; nfse: NfseEmitida }
  | { tipo: 'recusado'; erros: MensagemMunicipio[] }
  | { tipo: 'ja_informado' }
  | { tipo: 'sem_veredito' };

export type RespostaEnvioLote =
  | { tipo: 'protocolo'; protocolo: string }
  | { tipo: 'recusado'; erros: MensagemMunicipio[] }
  | { tipo: 'processado'; vereditos: Map<number, VereditoRps> };

/** `desconhecido`: the municipality does not know the protocol (ABRASF Situacao 1): nothing certain, consult by RPS. */
export type RespostaConsultaLote =
  { tipo: 'processando' } | { tipo: 'desconhecido' } | { tipo: 'processado'; vereditos: Map<number, VereditoRps> };

export type RespostaCancelamento = { aceito: true; data: string } | { aceito: false; erros: MensagemMunicipio[] };

export interface LoteParaEnvio {
  numeroLote: string;
  prestador: { cnpj: string; inscricao_municipal?: string };
  rps: ComandoEnviarRps[];
}

export interface ProvedorNfse {
  readonly nome: string;
  /**
   * What the layout refuses in this one RPS, checked here before it joins a batch: a municipality
   * refuses a whole batch for one RPS out of layout, and the others must not pay for it.
   */
  errosDeLeiaute(rps: ComandoEnviarRps): MensagemMunicipio[];
  enviarLote(destino: DestinoMunicipio, lote: LoteParaEnvio): Promise<RespostaEnvioLote>;
  consultarLote(destino: DestinoMunicipio, lote: LoteParaEnvio, protocolo: string): Promise<RespostaConsultaLote>;
  /** The NFS-e an RPS produced, or null when the municipality has none for it (yet). */
  consultarPorRps(destino: DestinoMunicipio, rps: ComandoEnviarRps): Promise<NfseEmitida | null>;
  cancelar(destino: DestinoMunicipio, pedido: ComandoCancelarNfse): Promise<RespostaCancelamento>;
}

/**
 * No usable answer (connection refused or reset, time-out, HTTP 5xx, SOAP Fault from the server):
 * the request may or may not have been processed, so the caller consults before resending.
 */
export class ErroTransporte extends Error {
  constructor(
    mensagem: string,
    /**
     * The authority refused the company's certificate (TLS alert in the handshake, HTTP 403): the
     * request was not processed, and retrying will not help until the certificate is replaced.
     */
    readonly certificadoRecusado = false,
  ) {
    super(mensagem);
    this.name = 'ErroTransporte';
  }
}

/**
 * A request that got no answer. Only a TLS alert in which the authority judged the company's
 * certificate is its refusal (nothing processed), the same rule as the SEFAZ adapter's; a reset during
 * the handshake, a refused or timed-out connection, or our own check of the server's certificate is
 * the municipality unreachable, retried with the usual back-off.
 */
export function erroDeConexao(prefixo: string, e: NodeJS.ErrnoException): ErroTransporte {
  return new ErroTransporte(`${prefixo}: ${descreverErroRede(e)}`, certificadoRecusadoPeloServidor(e));
}
