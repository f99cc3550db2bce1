/**
 * `npm start` supervises its apps (issue 13): kill -9 of one app and the system answers again by
 * itself within 15 s, with a plain line saying so; Ctrl-C (SIGINT) still stops everything. Runs the
 * real tools/start.mjs on free ports, in its own database and NATS namespace.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'nats';
import { Client } from 'pg';
import { criarConta, criarEmpresa, requisitar, usarSistema } from '../support/api';
import { sistema } from '../support/sistema';
import { dormir } from '../support/tempo';

const BASE_PG = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('npm start supervisiona os apps', () => {
  const id = randomBytes(4).toString('hex');
  const banco = `emissor_supervisao_${id}`;
  const namespace = `supervisao_${id}`;
  const acDir = mkdtempSync(path.join(tmpdir(), 'supervisao-ac-'));
  const adminToken = randomBytes(24).toString('hex');
  let inicio: ChildProcess;
  let saida = '';

  beforeAll(async () => {
    const admin = new Client({ connectionString: BASE_PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${banco}`);
    await admin.end();
  });

  afterAll(async () => {
    if (inicio && inicio.exitCode === null) inicio.kill('SIGKILL');
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(s.config.name);
    await nc.close();
    const admin = new Client({ connectionString: BASE_PG });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
    await admin.end();
    rmSync(acDir, { recursive: true, force: true });
  });

  it('kill -9 de um app: reiniciado com aviso, o sistema volta a responder em até 15 s; SIGINT encerra tudo', async () => {
    const url = new URL(BASE_PG);
    url.pathname = `/${banco}`;
    inicio = spawn(process.execPath, [path.join(sistema.RAIZ, 'tools', 'start.mjs')], {
      cwd: sistema.RAIZ,
      env: {
        ...process.env,
        DATABASE_URL: url.toString(),
        NATS_NAMESPACE: namespace,
        PORTAS_LIVRES: '1',
        EMISSOR_SEM_BUILD: '1',
        AC_TESTE_DIR: acDir,
        ADMIN_TOKEN: adminToken,
        CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
        DB_POOL_MAX: '3',
        LOG_LEVEL: 'warn',
        RPC_TEMPO_LIMITE_MS: '2000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    inicio.stdout!.on('data', (d) => (saida += d));
    inicio.stderr!.on('data', (d) => (saida += d));
    const limite = Date.now() + 200_000;
    while (!/Apps: .*\n/.test(saida)) {
      if (inicio.exitCode !== null || Date.now() > limite) throw new Error(`npm start não ficou pronto:\n${saida.slice(-4000)}`);
      await dormir(200);
    }
    const apps = Object.fromEntries(
      [...saida.matchAll(/([a-z-]+) :(\d+) \(pid (\d+)\)/g)].map((m) => [m[1], { porta: Number(m[2]), pid: Number(m[3]) }]),
    );
    expect(Object.keys(apps).sort()).toEqual(sistema.APPS.map((a: { nome: string }) => a.nome).sort());
    const restaurar = usarSistema({ url: `http://127.0.0.1:${apps.gateway.porta}`, adminToken, acDir });
    const conta = await criarConta('Supervisão');
    const cnpj = await criarEmpresa(conta);
    // A route answered by nfe-service through the gateway (a 504 after RPC_TEMPO_LIMITE_MS while it is down).
    const consultar = () =>
      requisitar('GET', '/nfe/v1/notas', { credencial: conta.producao, cnpj }).then(
        (r) => r.status,
        () => 0,
      );
    expect(await consultar()).toBe(200);
    // On free ports the public base URL (links in notes and events, the OpenAPI server) names the gateway's real port.
    const descricao = (await fetch(`http://127.0.0.1:${apps.gateway.porta}/docs-json`).then((r) => r.json())) as {
      servers: { url: string }[];
    };
    expect(descricao.servers.map((s) => s.url)).toContain(`http://localhost:${apps.gateway.porta}`);

    for (const alvo of ['nfe-service', 'gateway']) {
      const morte = Date.now();
      process.kill(apps[alvo].pid, 'SIGKILL');
      let status = 0;
      while (Date.now() - morte < 20_000) {
        status = await consultar();
        if (status === 200) break;
        await dormir(250);
      }
      const recuperacaoMs = Date.now() - morte;
      expect(status).toBe(200);
      expect(recuperacaoMs).toBeLessThan(15_000);
      expect(saida).toContain(`${alvo} terminou inesperadamente`);
      // The line comes once /health/ready answers, which may be a moment after the first API answer.
      const reiniciado = new RegExp(`${alvo} reiniciado \\(pid \\d+\\)`);
      for (let i = 0; i < 100 && !reiniciado.test(saida); i++) await dormir(100);
      expect(saida).toMatch(reiniciado);
    }
    expect(inicio.exitCode).toBeNull();
    restaurar();

    const saiu = new Promise<number | null>((r) => inicio.once('exit', r));
    inicio.kill('SIGINT');
    expect(await saiu).toBe(0);
    expect(saida).toContain('[start] encerrado');
  }, 300_000);
});
