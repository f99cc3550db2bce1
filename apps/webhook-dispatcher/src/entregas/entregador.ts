import { request as requestHttp } from 'node:http';
import { request as requestHttps } from 'node:https';
import { descreverErroRede } from '@emissor/plataforma';
import { assinarWebhook, CabecalhosWebhook } from '@emissor/webhooks-verificador';
import { type Agentes, verificarDestinoLiteral } from '../seguranca/agente-seguro';
import { DestinoProibido } from '../seguranca/regras-url';

export const USER_AGENT = 'emissor-fiscal-webhooks/1.0 (webhook-dispatcher)';

export interface PedidoEntrega {
  url: string;
  chave: string;
  evento: string;
  /** The exact bytes to send and sign. */
  corpo: string;
}

export type MotivoFalha = 'http_4xx' | 'http_5xx' | 'http_3xx' | 'tempo_esgotado' | 'rede' | 'url_recusada';

export interface ResultadoEnvio {
  ok: boolean;
  status: number | null;
  erro: string | null;
  motivo?: MotivoFalha;
  duracaoMs: number;
  /** Retry-After of a 429/503, in seconds. */
  retryAfterS?: number;
}

/** Retry-After as delay-seconds or an HTTP date; anything else is ignored. */
export function lerRetryAfter(valor: string | string[] | undefined, agoraMs = Date.now()): number | undefined {
  const v = Array.isArray(valor) ? valor[0] : valor;
  if (!v) return undefined;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const data = Date.parse(v);
  if (Number.isNaN(data)) return undefined;
  return Math.max(0, Math.ceil((data - agoraMs) / 1000));
}

/**
 * One signed POST. The timestamp is taken right before sending (the spec: signing instant).
 * Success is a 2xx within `tempoLimiteMs`; redirects are never followed (a 3xx is a failure).
 * The response body is drained and discarded.
 */
export function enviarEntrega(p: PedidoEntrega, agentes: Agentes, producao: boolean, tempoLimiteMs: number): Promise<ResultadoEnvio> {
  const inicio = performance.now();
  const duracao = () => Math.round(performance.now() - inicio);
  let u: URL;
  try {
    u = new URL(p.url);
    verificarDestinoLiteral(u, producao);
  } catch (erro) {
    const proibido = erro instanceof DestinoProibido;
    return Promise.resolve({
      ok: false,
      status: null,
      erro: proibido ? erro.message : 'URL inválida',
      motivo: 'url_recusada',
      duracaoMs: duracao(),
    });
  }
  const timestamp = Math.floor(Date.now() / 1000);
  const corpo = Buffer.from(p.corpo, 'utf8');
  const cabecalhos = {
    'content-type': 'application/json',
    'content-length': String(corpo.length),
    'user-agent': USER_AGENT,
    [CabecalhosWebhook.evento]: p.evento,
    [CabecalhosWebhook.timestamp]: String(timestamp),
    [CabecalhosWebhook.assinatura]: assinarWebhook(p.chave, timestamp, corpo),
  };
  const https = u.protocol === 'https:';
  return new Promise<ResultadoEnvio>((resolve) => {
    let terminado = false;
    const terminar = (r: Omit<ResultadoEnvio, 'duracaoMs'>) => {
      if (terminado) return;
      terminado = true;
      clearTimeout(relogio);
      resolve({ ...r, duracaoMs: duracao() });
    };
    const req = (https ? requestHttps : requestHttp)(
      u,
      { method: 'POST', headers: cabecalhos, agent: https ? agentes.https : agentes.http },
      (res) => {
        const status = res.statusCode ?? 0;
        // Drain so the keep-alive socket can be reused; the deadline below still bounds a stalled body.
        const relogioCorpo = setTimeout(() => req.destroy(), Math.max(100, tempoLimiteMs - duracao()));
        relogioCorpo.unref();
        res.once('end', () => clearTimeout(relogioCorpo));
        res.resume();
        if (status >= 200 && status < 300) return terminar({ ok: true, status, erro: null });
        const motivo: MotivoFalha = status >= 500 ? 'http_5xx' : status >= 400 ? 'http_4xx' : 'http_3xx';
        const retryAfterS = status === 429 || status === 503 ? lerRetryAfter(res.headers['retry-after']) : undefined;
        const erro = status >= 300 && status < 400 ? 'redirecionamento não seguido' : null;
        terminar({ ok: false, status, erro, motivo, ...(retryAfterS !== undefined ? { retryAfterS } : {}) });
      },
    );
    const relogio = setTimeout(() => {
      terminar({ ok: false, status: null, erro: `tempo esgotado (${tempoLimiteMs} ms)`, motivo: 'tempo_esgotado' });
      req.destroy();
    }, tempoLimiteMs);
    req.on('error', (erro: NodeJS.ErrnoException) => {
      if (erro instanceof DestinoProibido) return terminar({ ok: false, status: null, erro: erro.message, motivo: 'url_recusada' });
      terminar({ ok: false, status: null, erro: descreverErroRede(erro), motivo: 'rede' });
    });
    req.end(corpo);
  });
}
