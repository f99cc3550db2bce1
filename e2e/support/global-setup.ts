/**
 * Starts one whole system for the integration run: a fresh PostgreSQL database, a private NATS
 * namespace (so a developer's `npm start` on the same NATS never answers our requests), every app on
 * free ports. Tests reach it only through the gateway's HTTP API. Logs go to tmp/e2e-logs/.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

import { sistema } from './sistema';

export default async function iniciarSistemaDeTeste() {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const baseUrl = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const banco = `emissor_teste_${id}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${banco}`);
  await admin.end();
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${banco}`;

  await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], process.env);
  // The run's own test CA: the simulators trust it, and the tests issue company certificates from it.
  const acDir = path.join(sistema.RAIZ, 'tmp', `e2e-ac-${id}`);
  // globalSetup runs outside Jest's module mapping, so the lib is loaded by path.
  const { carregarOuCriarAcTeste } = require(path.join(sistema.RAIZ, 'libs', 'testing', 'src'));
  carregarOuCriarAcTeste(acDir);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_NAMESPACE: `teste_${id}`,
    AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
    AC_TESTE_DIR: acDir,
    SEFAZ_MODE: 'simulador',
    // Several systems share the machine's PostgreSQL (max_connections 100): small pools.
    DB_POOL_MAX: '4',
    // Tests exercise the limit deliberately with a low value.
    LIMITE_REQUISICOES_POR_SEGUNDO: process.env.LIMITE_REQUISICOES_POR_SEGUNDO ?? '200',
  };
  await sistema.migrar(env);

  // One folder per run: several runs (developers, CI) may share the machine.
  const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'e2e-logs', `run-${id}`);
  mkdirSync(pastaLogs, { recursive: true });
  const arquivos = new Map<string, NodeJS.WritableStream>();
  const portas: Record<string, number> = {};
  for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();
  const processos = await sistema.iniciarApps({
    env,
    portas,
    saida: (app: string, linha: string) => {
      if (!arquivos.has(app)) arquivos.set(app, createWriteStream(path.join(pastaLogs, `${app}.log`)));
      arquivos.get(app)!.write(`${linha}\n`);
    },
  });

  process.env.E2E_URL = `http://127.0.0.1:${portas.gateway}`;
  process.env.E2E_LOGS_DIR = pastaLogs;
  process.env.E2E_ADMIN_TOKEN = env.ADMIN_TOKEN;
  process.env.E2E_DATABASE_URL = env.DATABASE_URL;
  process.env.E2E_NATS_NAMESPACE = env.NATS_NAMESPACE;
  process.env.AC_TESTE_DIR = acDir;
  Object.assign(process.env, sistema.ambienteDerivado(portas));
  (globalThis as Record<string, unknown>).__SISTEMA_E2E__ = { processos, banco, baseUrl, arquivos, env, acDir };
}
