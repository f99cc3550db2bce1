import type { FastifyInstance } from 'fastify';
import { metricas } from './catalogo';

/** Probe and scrape traffic says nothing about the API and would dominate low-traffic series. */
const ROTAS_IGNORADAS = new Set(['/metrics', '/health', '/health/ready']);
/** Requests no route matched (404s, scanners): one series, never the raw URL. */
export const ROTA_DESCONHECIDA = 'desconhecida';

/** Observes every HTTP response in the latency histogram, labelled with the route pattern. */
export function registrarMetricasHttp(fastify: FastifyInstance): void {
  const duracao = metricas.duracaoHttp();
  fastify.addHook('onResponse', async (req, reply) => {
    const rota = req.routeOptions?.url;
    if (rota !== undefined && ROTAS_IGNORADAS.has(rota)) return;
    duracao.observe(
      { method: req.method, route: rota ?? ROTA_DESCONHECIDA, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
