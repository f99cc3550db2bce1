/**
 * Starts one whole system for the integration run: a fresh PostgreSQL database, a private NATS
 * namespace (so a developer's `npm start` on the same NATS never answers our requests), every app on
 * free ports. Tests reach it only through the gateway's HTTP API. Logs go to tmp/e2e-logs/.
 */
import path from 'node:path';
import { iniciarSistemaIsolado } from './sistema-isolado';
import { sistema } from './sistema';

export default async function iniciarSistemaDeTeste() {
  await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], process.env);
  const iso = await iniciarSistemaIsolado({
    prefixo: 'teste',
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      DB_POOL_MAX: '4',
      // Tests exercise the limit deliberately with a low value.
      LIMITE_REQUISICOES_POR_SEGUNDO: process.env.LIMITE_REQUISICOES_POR_SEGUNDO ?? '200',
      // A request that never finishes arriving is answered 408 after this long (production: 30 s).
      TEMPO_LIMITE_RECEBIMENTO_MS: '5000',
    },
  });

  process.env.E2E_URL = iso.url;
  process.env.E2E_LOGS_DIR = iso.pastaLogs;
  process.env.E2E_ADMIN_TOKEN = iso.adminToken;
  process.env.E2E_DATABASE_URL = iso.databaseUrl;
  process.env.E2E_NATS_NAMESPACE = iso.namespace;
  // The run's own test CA: the simulators trust it, and the tests issue company certificates from it.
  process.env.AC_TESTE_DIR = iso.acDir;
  Object.assign(process.env, sistema.ambienteDerivado(iso.portas));
  (globalThis as Record<string, unknown>).__SISTEMA_E2E__ = iso;
}
