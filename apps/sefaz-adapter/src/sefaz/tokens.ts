import type { Batimento } from '@emissor/plataforma';

/** Injection token of the validated configuration. */
export const CONFIG_SEFAZ = Symbol('CONFIG_SEFAZ');
/** The SOAP transport (chamarSoap; replaced in tests). */
export const TRANSPORTE_SOAP = Symbol('TRANSPORTE_SOAP');
/** The ClienteSefaz as the services see it (a port: faked in unit tests). */
export const CLIENTE_SEFAZ = Symbol('CLIENTE_SEFAZ');
/** The SEFAZ client as authorization sees it: sends of one issuer grouped into batches (EnvioAgrupado). */
export const SEFAZ_AUTORIZACAO = Symbol('SEFAZ_AUTORIZACAO');
export const OPCOES_PROCESSAMENTO = Symbol('OPCOES_PROCESSAMENTO');

export interface OpcoesProcessamento {
  /**
   * Lease of a key by one handler, renewed while the handling runs (persistencia/posses-mantidas.ts):
   * how long the keys of a process that died stay taken.
   */
  leaseMs: number;
  /** The longest a handling may last (its calls' limits, the batch and outage waits): past it a claim is no longer renewed. */
  duracaoMaximaMs: number;
  /**
   * After an uncertain send, how long a "not found" (217) is not trusted: the authority may still be
   * processing the request it received. No resend before this; the handling waits (within its budget).
   */
  quarentenaMs: number;
  /** Budget to wait for an asynchronous batch inside one handling. */
  esperaLoteMs: number;
  /** `em_processamento` only when the verdict takes longer than this (0 or absent: before the first call). */
  avisoProcessamentoMs?: number;
  esperar?: (ms: number) => Promise<void>;
  agora?: () => number;
}
/** How the command consumers hold their messages: a short ack wait, kept by beats while a handling runs. */
export interface PrazosConsumo {
  esperaAckMs: number;
  batimento: Batimento;
}
export const PRAZOS_CONSUMO = Symbol('PRAZOS_CONSUMO');
