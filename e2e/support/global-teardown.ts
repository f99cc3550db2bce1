import type { SistemaIsolado } from './sistema-isolado';

/** Stops the apps, drops the run's database and its JetStream streams: runs leave nothing behind. */
export default async function pararSistemaDeTeste() {
  const iso = (globalThis as Record<string, unknown>).__SISTEMA_E2E__ as SistemaIsolado | undefined;
  await iso?.parar();
}
