/**
 * The routes that honour `Idempotency-Key` (decisions §11), as `METHOD /path` with Fastify's
 * `:param` placeholders (their names do not matter). A route added here is idempotent: nothing
 * else is needed, the interceptor and the OpenAPI document read this list.
 */
export const ROTAS_IDEMPOTENTES = [
  'POST /nfe/v1/notas',
  'POST /nfse/v1/notas',
  'POST /nfe/v1/inutilizacoes',
  'POST /nfe/v1/notas/:uuid/carta-correcao',
] as const;

const semNomesDeParametro = (rota: string) => rota.replace(/:[^/]+/g, ':');
const conjunto = new Set(ROTAS_IDEMPOTENTES.map(semNomesDeParametro));

/** `url` is the route's pattern (`req.routeOptions.url`), not the path requested. */
export function rotaIdempotente(metodo: string, url: string | undefined): boolean {
  return url !== undefined && conjunto.has(semNomesDeParametro(`${metodo} ${url}`));
}
