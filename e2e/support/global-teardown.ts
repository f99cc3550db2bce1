import { rmSync } from 'node:fs';
import { connect } from 'nats';
import { Client } from 'pg';

import { sistema } from './sistema';

/** Stops the apps, drops the run's database and its JetStream streams: runs leave nothing behind. */
export default async function pararSistemaDeTeste() {
  const estado = (globalThis as Record<string, unknown>).__SISTEMA_E2E__ as
    | { processos: unknown[]; banco: string; baseUrl: string; arquivos: Map<string, NodeJS.WritableStream>; env: Record<string, string>; acDir: string }
    | undefined;
  if (!estado) return;
  await sistema.pararApps(estado.processos);
  for (const arquivo of estado.arquivos.values()) arquivo.end();
  const nc = await connect({ servers: estado.env.NATS_URL });
  const jsm = await nc.jetstreamManager();
  for await (const stream of jsm.streams.list()) {
    if (stream.config.name.startsWith(`${estado.env.NATS_NAMESPACE}_`)) await jsm.streams.delete(stream.config.name);
  }
  await nc.close();
  rmSync(estado.acDir, { recursive: true, force: true });
  if (process.env.E2E_MANTER_BANCO) return;
  const admin = new Client({ connectionString: estado.baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${estado.banco} WITH (FORCE)`);
  await admin.end();
}
