import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (spec "Events" > Signature): HMAC-SHA256, hex, over `{timestamp}.{raw body}`,
 * keyed with the endpoint's `chave_seguranca` (its UTF-8 bytes, as shown). Pure: no I/O, no clock
 * except the one passed in, so an integrator can drop it into any HTTP framework.
 */
export const CabecalhosWebhook = {
  evento: 'x-webhook-event',
  timestamp: 'x-webhook-timestamp',
  assinatura: 'x-webhook-signature',
} as const;

/** Default age limit of a delivery's timestamp (replay protection), in seconds. */
export const TOLERANCIA_PADRAO_S = 300;

export type CorpoBruto = string | Buffer | Uint8Array;

/** The hex signature of `{timestamp}.{body}`; the dispatcher signs with this very function. */
export function assinarWebhook(chave: string, timestamp: number | string, corpo: CorpoBruto): string {
  return createHmac('sha256', chave).update(`${timestamp}.`).update(corpo).digest('hex');
}

export type MotivoRecusa = 'cabecalho_ausente' | 'timestamp_invalido' | 'timestamp_expirado' | 'assinatura_invalida';

export type ResultadoVerificacao = { valido: true; timestamp: number } | { valido: false; motivo: MotivoRecusa };

export interface OpcoesVerificacao {
  /** The endpoint's `chave_seguranca`. */
  chave: string;
  /** The request body exactly as received (before any JSON parsing). */
  corpo: CorpoBruto;
  /** Value of X-Webhook-Signature. */
  assinatura: string | string[] | undefined;
  /** Value of X-Webhook-Timestamp (Unix seconds). */
  timestamp: string | string[] | undefined;
  /** Oldest (and furthest in the future) accepted timestamp, seconds from now. Default 300. */
  toleranciaS?: number;
  /** Current time in ms (tests); default Date.now(). */
  agoraMs?: number;
}

const um = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Checks a delivery: timestamp present and within the tolerance (both directions, for clock skew),
 * then the signature with a constant-time comparison. Never throws on hostile input.
 */
export function verificarWebhook(o: OpcoesVerificacao): ResultadoVerificacao {
  const assinatura = um(o.assinatura)?.trim();
  const textoTimestamp = um(o.timestamp)?.trim();
  if (!assinatura || !textoTimestamp) return { valido: false, motivo: 'cabecalho_ausente' };
  if (!/^\d{1,12}$/.test(textoTimestamp)) return { valido: false, motivo: 'timestamp_invalido' };
  const timestamp = Number(textoTimestamp);
  const agoraS = Math.floor((o.agoraMs ?? Date.now()) / 1000);
  if (Math.abs(agoraS - timestamp) > (o.toleranciaS ?? TOLERANCIA_PADRAO_S)) return { valido: false, motivo: 'timestamp_expirado' };
  const esperada = Buffer.from(assinarWebhook(o.chave, textoTimestamp, o.corpo), 'hex');
  // A malformed value is compared against zeros anyway, so the time taken says nothing about the key.
  const formatoOk = /^[0-9a-fA-F]{64}$/.test(assinatura);
  const recebida = formatoOk ? Buffer.from(assinatura, 'hex') : Buffer.alloc(esperada.length);
  const iguais = timingSafeEqual(esperada, recebida) && formatoOk;
  return iguais ? { valido: true, timestamp } : { valido: false, motivo: 'assinatura_invalida' };
}

/** The same check reading the headers of a request (any casing; Node's lowercase object or a Headers). */
export function verificarRequisicaoWebhook(
  chave: string,
  cabecalhos: Record<string, string | string[] | undefined> | { get(nome: string): string | null },
  corpo: CorpoBruto,
  opcoes: Pick<OpcoesVerificacao, 'toleranciaS' | 'agoraMs'> = {},
): ResultadoVerificacao {
  const ler = (nome: string): string | string[] | undefined => {
    if (typeof (cabecalhos as { get?: unknown }).get === 'function')
      return (cabecalhos as { get(n: string): string | null }).get(nome) ?? undefined;
    const registro = cabecalhos as Record<string, string | string[] | undefined>;
    const chaveReal = Object.keys(registro).find((k) => k.toLowerCase() === nome);
    return chaveReal === undefined ? undefined : registro[chaveReal];
  };
  return verificarWebhook({
    chave,
    corpo,
    assinatura: ler(CabecalhosWebhook.assinatura),
    timestamp: ler(CabecalhosWebhook.timestamp),
    ...opcoes,
  });
}
