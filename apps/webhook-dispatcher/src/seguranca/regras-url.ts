import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { enderecoProibido } from './enderecos';

/** Resolves a host name to every address (dns.lookup with all: true). Replaceable in tests. */
export type Resolvedor = (host: string) => Promise<LookupAddress[]>;

export const resolverDns: Resolvedor = (host) =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (erro, enderecos) => (erro ? reject(erro) : resolve(enderecos))),
  );

const TEMPO_LIMITE_DNS_MS = 3000;

export class DestinoProibido extends Error {
  readonly codigo = 'DESTINO_PROIBIDO';
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'DestinoProibido';
  }
}

/** Host of a URL without IPv6 brackets. */
export const hostDe = (u: URL) => u.hostname.replace(/^\[|\]$/g, '');

/**
 * The rules every endpoint URL must follow, checked at creation (decisions §6). Returns messages for
 * `invalid_params.url` (empty when accepted). In production: https only, and no target that is or
 * resolves to a private, loopback or link-local address. A name that does not resolve now is
 * accepted: the connect-time guard (agente-seguro.ts) checks whatever it resolves to when used.
 */
export async function errosUrlWebhook(bruta: string, producao: boolean, resolver: Resolvedor = resolverDns): Promise<string[]> {
  // The URL parser drops surrounding spaces, so " https://x/ " would be stored as sent and shown back with them.
  if (bruta !== bruta.trim()) return ['não deve ter espaços no início nem no fim'];
  let u: URL;
  try {
    u = new URL(bruta);
  } catch {
    return ['deve ser uma URL absoluta válida'];
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return [producao ? 'deve usar https' : 'deve usar http ou https'];
  if (producao && u.protocol !== 'https:') return ['deve usar https'];
  if (u.username || u.password) return ['não deve conter usuário ou senha'];
  if (u.hash) return ['não deve conter fragmento (#)'];
  if (!u.hostname) return ['deve ter um host'];
  if (!producao) return [];
  const host = hostDe(u);
  if (isIP(host)) return enderecoProibido(host) ? ['não pode apontar para endereço privado, de loopback ou link-local'] : [];
  if (/^localhost$|\.localhost$/i.test(host.replace(/\.$/, '')))
    return ['não pode apontar para endereço privado, de loopback ou link-local'];
  let enderecos: LookupAddress[];
  try {
    // Bounded: a DNS that does not answer must not hold the API call (the connect-time guard still applies).
    enderecos = await Promise.race([
      resolver(host),
      new Promise<never>((_, rejeitar) => setTimeout(() => rejeitar(new Error('DNS sem resposta')), TEMPO_LIMITE_DNS_MS).unref()),
    ]);
  } catch {
    return [];
  }
  return enderecos.some((e) => enderecoProibido(e.address)) ? ['não pode apontar para endereço privado, de loopback ou link-local'] : [];
}
