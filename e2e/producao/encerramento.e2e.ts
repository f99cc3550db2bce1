/**
 * Graceful shutdown of the platform's start-up path, on a real process with real PostgreSQL and
 * NATS: on SIGTERM, work in progress (an HTTP request and a NATS request, each taking 1.5 s)
 * completes, new connections and new NATS requests are refused at once, and the process exits 0
 * well within SHUTDOWN_TIMEOUT_MS, although the test's HTTP client keeps its connections alive
 * (as load balancers do). The app is e2e/producao/app-lento.cjs on the built dist/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ClientProxyFactory, type ClientProxy, Transport } from '@nestjs/microservices';
import { connect } from 'nats';
import { firstValueFrom, timeout } from 'rxjs';

import { sistema } from '../support/sistema';
import { dormir } from '../support/tempo';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

describe('encerramento gracioso (SIGTERM)', () => {
  const namespace = `encerramento_${randomBytes(4).toString('hex')}`;
  let processo: ChildProcess;
  let cliente: ClientProxy;
  let saida = '';

  afterAll(async () => {
    if (processo && processo.exitCode === null && processo.signalCode === null) processo.kill('SIGKILL');
    await cliente?.close();
    const nc = await connect({ servers: NATS_URL });
    const jsm = await nc.jetstreamManager();
    for await (const stream of jsm.streams.list())
      if (stream.config.name.startsWith(`${namespace}_`)) await jsm.streams.delete(stream.config.name);
    await nc.close();
  });

  it('termina o que está em andamento, recusa o novo e sai com 0', async () => {
    const porta = await sistema.portaLivre();
    processo = spawn(process.execPath, [path.join(__dirname, 'app-lento.cjs')], {
      cwd: sistema.RAIZ,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        NATS_URL,
        NATS_NAMESPACE: namespace,
        PORT: String(porta),
        SHUTDOWN_TIMEOUT_MS: '8000',
        ESPERA_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processo.stdout!.on('data', (d) => (saida += d));
    processo.stderr!.on('data', (d) => (saida += d));
    const saiu = new Promise<number | null>((resolve) => processo.once('exit', resolve));
    const base = `http://127.0.0.1:${porta}`;
    try {
      await sistema.esperarPronto(`${base}/health/ready`, processo, 20_000);
    } catch (erro) {
      throw new Error(`${(erro as Error).message}\n${saida}`);
    }
    cliente = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [NATS_URL] } });
    await cliente.connect();
    const assunto = `${namespace}.teste.lento`;

    const http = fetch(`${base}/lento`).then(async (r) => ({ status: r.status, corpo: await r.json() }));
    const rpc = firstValueFrom(cliente.send(assunto, { n: 1 }).pipe(timeout(10_000)));
    await dormir(300); // both in progress
    const inicio = Date.now();
    processo.kill('SIGTERM');
    await dormir(300);

    // New work is refused at once, while the old one is still running.
    await expect(fetch(`${base}/health`)).rejects.toThrow();
    await expect(firstValueFrom(cliente.send(assunto, { n: 2 }).pipe(timeout(1_000)))).rejects.toBeDefined();

    expect(await http).toEqual({ status: 200, corpo: { ok: true } });
    expect(await rpc).toEqual({ eco: { n: 1 } });
    expect({ codigo: await saiu, saida }).toEqual({ codigo: 0, saida });
    expect(Date.now() - inicio).toBeLessThan(6_000);
    const linhas = saida
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(linhas.map((l) => l.msg)).toEqual(expect.arrayContaining(['encerrando: parando de aceitar trabalho', 'encerrado']));
    expect(linhas.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
  }, 40_000);
});
