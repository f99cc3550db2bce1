import type { Agent } from 'node:https';
import type { KeyObject } from 'node:crypto';
import type { ComandoCancelarNfse, ComandoEnviarRps, MensagemMunicipio } from '@emissor/contracts';

/**
 * A municipality's NFS-e system as the batching core sees it. ABRASF 2.04 is one implementation; a
 * national NFS-e (DPS over REST) provider implements the same contract (its `enviarLote` may answer
 * `processado` at once, DPS by DPS), registered in registro-provedores.ts and named in the data file.
 * Nothing outside this adapter changes when a provider is added.
 */
export interface DestinoMunicipio {
  /** Base URL of the municipality's web service for this environment. */
  url: string;
  agente: Agent;
  assinante: { chavePrivada: KeyObject; certificadoDerBase64: string };
  tempoLimiteMs: number;
}

export interface NfseEmitida {
  numero: string;
  codigo_verificacao: string;
  data_emissao: string;
  cancelada: boolean;
}

/** Per RPS (by nota_id) after processing: an NFS-e, or the municipality's messages. */
export type VereditoRps = { tipo: 'emitida'; nfse: NfseEmitida } | { tipo: 'recusado'; erros: MensagemMunicipio[] } | { tipo: 'ja_informado' } | { tipo: 'sem_veredito' };

export type RespostaEnvioLote =
  | { tipo: 'protocolo'; protocolo: string }
  | { tipo: 'recusado'; erros: MensagemMunicipio[] }
  | { tipo: 'processado'; vereditos: Map<number, VereditoRps> };

/** `desconhecido`: the municipality does not know the protocol (ABRASF Situacao 1): nothing certain, consult by RPS. */
export type RespostaConsultaLote = { tipo: 'processando' } | { tipo: 'desconhecido' } | { tipo: 'processado'; vereditos: Map<number, VereditoRps> };

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
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroTransporte';
  }
}
