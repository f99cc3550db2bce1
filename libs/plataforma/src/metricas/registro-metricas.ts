import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The one registry every metric of an app lives in, served by `GET /metrics`. Our own registry
 * rather than prom-client's global one, so a dependency that registers metrics on the global
 * registry can neither collide with our names nor leak into what we publish.
 */
export const registroMetricas = new Registry();

let padraoIniciado = false;

/**
 * Process metrics (CPU, memory, event loop lag, GC, handles) plus an `app` label on every series,
 * so dashboards can tell the apps apart even where the scraper adds no labels of its own (compose).
 * Idempotent: tests and apps may call it more than once.
 */
export function iniciarMetricas(app: string): void {
  registroMetricas.setDefaultLabels({ app });
  if (padraoIniciado) return;
  padraoIniciado = true;
  collectDefaultMetrics({ register: registroMetricas });
}
