/**
 * A whole system owned by one test: its own database, NATS namespace, test CA and ports, so the test
 * may kill -9 an app, restart it, or add a second replica without disturbing the shared system of
 * the run. Costs a few seconds to start; use it only for failure and scaling tests.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { sistema } from './sistema';

interface Processo {
  nome: string;
  porta: number;
  processo: ChildProcess;
}

export interface SistemaIsolado {
  url: string;
  /** Port of each app of this system (simulators' control ports included). */
  portas: Record<string, number>;
  adminToken: string;
  databaseUrl: string;
  namespace: string;
  acDir: string;
  /** Where each app's log goes (`<app>.log`). */
  pastaLogs: string;
  env: Record<string, string | undefined>;
  /** SIGKILL: no shutdown hooks, in-flight work abandoned. */
  matar(app: string): Promise<void>;
  /** Starts the app again (same port, `extra` variables on top of the system's) and waits for readiness. */
  reiniciar(app: string, extra?: Record<string, string>): Promise<void>;
  /** One more instance of an app on a new port (same namespace: it joins the queue groups). */
  adicionarReplica(app: string): Promise<string>;
  parar(): Promise<void>;
}

/**
 * `apps`: which apps to start (default: all); `prefixo` names this system's database, namespace,
 * CA folder and log folder (default `iso`). `E2E_MANTER_BANCO=1` keeps the database after `parar`.
 */
export async function iniciarSistemaIsolado(
  opcoes: { env?: Record<string, string>; apps?: string[]; prefixo?: string } = {},
): Promise<SistemaIsolado> {
  const prefixo = opcoes.prefixo ?? 'iso';
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const baseUrl = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const banco = `emissor_${prefixo}_${id}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${banco}`);
  await admin.end();
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${banco}`;
  const acDir = path.join(sistema.RAIZ, 'tmp', `${prefixo}-ac-${id}`);
  // Loaded from the build by path: the global setup runs outside Jest's module mapping, and it has just
  // built dist/ (where the `@emissor/*` imports are relative paths) before starting any system.
  const { carregarOuCriarAcTeste } = require(path.join(sistema.RAIZ, 'dist', 'libs', 'plataforma', 'src', 'certificados'));
  carregarOuCriarAcTeste(acDir);
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_NAMESPACE: `${prefixo}_${id}`,
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
    AC_TESTE_DIR: acDir,
    SEFAZ_MODE: 'simulador',
    // Several systems share the machine's PostgreSQL (max_connections 100): small pools.
    DB_POOL_MAX: '3',
    // The suites' bursts (numbering, crashes, replicas) test correctness under concurrency on a
    // loaded 2-core machine, not admission: a long line keeps them from being refused with 503.
    // e2e/fundacao/sobrecarga.e2e.ts sets its own limits to test the refusal.
    ESPERA_MAXIMA_FILA_MS: '60000',
    ...(opcoes.env ?? {}),
  };
  const portas: Record<string, number> = {};
  for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();
  const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'e2e-logs', `${prefixo}-${id}`);
  mkdirSync(pastaLogs, { recursive: true });
  const logs = new Map<string, WriteStream>();
  const saida = (app: string, linha: string) => {
    if (!logs.has(app)) logs.set(app, createWriteStream(path.join(pastaLogs, `${app}.log`), { flags: 'a' }));
    logs.get(app)!.write(`${linha}\n`);
  };
  let processos: Processo[] = [];

  const parar = async () => {
    await sistema.pararApps(processos);
    for (const l of logs.values()) l.end();
    const nc = await connect({ servers: env.NATS_URL });
    const jsm = await nc.jetstreamManager();
    for await (const s of jsm.streams.list())
      if (s.config.name.startsWith(`${env.NATS_NAMESPACE}_`)) await jsm.streams.delete(s.config.name);
    await nc.close();
    rmSync(acDir, { recursive: true, force: true });
    if (process.env.E2E_MANTER_BANCO) return;
    const a = new Client({ connectionString: baseUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
    await a.end();
  };

  try {
    await sistema.migrar(env);
    processos = await iniciarEmPortasLivres(env, portas, opcoes.apps, saida);
  } catch (erro) {
    // Leave nothing behind when the start fails (the caller never gets an object to stop).
    await parar().catch(() => undefined);
    throw erro;
  }

  const iniciar = async (app: string, porta: number, extra: Record<string, string> = {}) => {
    const [novo] = await sistema.iniciarApps({
      env: { ...env, ...extra },
      portas: { ...portas, [app]: porta },
      apps: [app],
      saida,
      tempoLimiteMs: 150_000,
    });
    processos.push(novo);
  };

  return {
    url: `http://127.0.0.1:${portas.gateway}`,
    portas,
    adminToken: env.ADMIN_TOKEN!,
    databaseUrl: env.DATABASE_URL!,
    namespace: env.NATS_NAMESPACE!,
    acDir,
    pastaLogs,
    env,
    async matar(app) {
      const alvos = processos.filter((p) => p.nome === app);
      await Promise.all(
        alvos.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.processo.exitCode !== null || p.processo.signalCode !== null) return resolve();
              p.processo.once('exit', () => resolve());
              p.processo.kill('SIGKILL');
            }),
        ),
      );
      processos = processos.filter((p) => !alvos.includes(p));
    },
    async reiniciar(app, extra) {
      await iniciar(app, portas[app], extra);
    },
    async adicionarReplica(app) {
      const porta = await sistema.portaLivre();
      await iniciar(app, porta);
      return `http://127.0.0.1:${porta}`;
    },
    parar,
  };
}

/**
 * Starts the apps; when one of them lost its port to another process (EADDRINUSE in its output, or
 * another pid answering its health check) every port is picked again and the start retried.
 * A generous readiness limit: on a loaded 2-core machine eight Node apps can take a while to boot.
 */
async function iniciarEmPortasLivres(
  env: Record<string, string | undefined>,
  portas: Record<string, number>,
  apps: string[] | undefined,
  saida: (app: string, linha: string) => void,
): Promise<Processo[]> {
  for (let tentativa = 1; ; tentativa++) {
    let portaOcupada = false;
    const observada = (app: string, linha: string) => {
      if (linha.includes('EADDRINUSE')) portaOcupada = true;
      saida(app, linha);
    };
    try {
      return await sistema.iniciarApps({ env, portas, apps, saida: observada, tempoLimiteMs: 150_000 });
    } catch (erro) {
      portaOcupada ||= erro instanceof Error && /outro processo/.test(erro.message);
      if (tentativa >= 3 || !portaOcupada) throw erro;
      for (const chave of Object.keys(portas)) portas[chave] = await sistema.portaLivre();
    }
  }
}
