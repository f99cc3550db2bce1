import type { LookupAddress, LookupOptions } from 'node:dns';
import { Agent as AgenteHttp } from 'node:http';
import { Agent as AgenteHttps } from 'node:https';
import { isIP } from 'node:net';
import { enderecoProibido } from './enderecos';
import { DestinoProibido, hostDe, type Resolvedor, resolverDns } from './regras-url';

type RetornoLookup = (erro: NodeJS.ErrnoException | null, endereco: string | LookupAddress[], familia?: number) => void;

/**
 * The SSRF guard: a `lookup` for the HTTP agents. Node calls it for every new connection, so the
 * address checked is the very address connected to (a name that resolved to a public address when
 * the endpoint was created and to 10.0.0.5 now is refused now; DNS rebinding gains nothing).
 * A name with any forbidden address is refused as a whole.
 */
export function lookupSeguro(producao: boolean, resolver: Resolvedor = resolverDns) {
  return (host: string, opcoes: LookupOptions | number | undefined, retorno: RetornoLookup) => {
    const todas = typeof opcoes === 'object' && opcoes?.all === true;
    const familia = typeof opcoes === 'number' ? opcoes : (opcoes?.family ?? 0);
    resolver(host).then(
      (enderecos) => {
        const aceitos = familia === 4 || familia === 6 ? enderecos.filter((e) => e.family === familia) : enderecos;
        if (producao && aceitos.some((e) => enderecoProibido(e.address))) {
          return retorno(
            new DestinoProibido(`destino proibido: ${host} resolve para endereço privado, de loopback ou link-local`),
            todas ? [] : '',
            0,
          );
        }
        if (!aceitos.length)
          return retorno(Object.assign(new Error(`sem endereço para ${host}`), { code: 'ENOTFOUND' }), todas ? [] : '', 0);
        if (todas) return retorno(null, aceitos);
        retorno(null, aceitos[0].address, aceitos[0].family);
      },
      (erro: NodeJS.ErrnoException) => retorno(erro, todas ? [] : '', 0),
    );
  };
}

/**
 * Node does not call `lookup` for a literal IP, so those are judged here, before the request.
 * Throws DestinoProibido.
 */
export function verificarDestinoLiteral(u: URL, producao: boolean): void {
  if (!producao) return;
  if (u.protocol !== 'https:') throw new DestinoProibido('destino proibido: produção exige https');
  const host = hostDe(u);
  if (isIP(host) && enderecoProibido(host))
    throw new DestinoProibido(`destino proibido: ${host} é endereço privado, de loopback ou link-local`);
}

export interface Agentes {
  http: AgenteHttp;
  https: AgenteHttps;
}

/** Keep-alive agents (deliveries to one receiver reuse connections) with the guarded lookup. */
export function criarAgentes(producao: boolean, resolver?: Resolvedor): Agentes {
  const opcoes = {
    keepAlive: true,
    keepAliveMsecs: 1000,
    maxSockets: 256,
    maxFreeSockets: 64,
    lookup: lookupSeguro(producao, resolver) as never,
    scheduling: 'lifo' as const,
  };
  return { http: new AgenteHttp(opcoes), https: new AgenteHttps(opcoes) };
}
