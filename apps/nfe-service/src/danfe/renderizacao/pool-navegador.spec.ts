/** The browser pool against a real Chromium: bounded pages, deadline, restart after a crash, shutdown. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErroPoolEncerrado, ErroTempoRenderizacao, PoolNavegador, type OpcoesPool } from './pool-navegador';

jest.setTimeout(30_000);

const EXECUTAVEL = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';
const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const abertos: PoolNavegador[] = [];
function novoPool(o: Partial<OpcoesPool> = {}) {
  const pool = new PoolNavegador({ executavel: EXECUTAVEL, paginas: 2, tempoLimiteMs: 10_000, ...o });
  abertos.push(pool);
  return pool;
}
afterAll(() => Promise.all(abertos.map((p) => p.encerrar())));

describe('PoolNavegador', () => {
  it('nunca usa mais páginas que o limite; o resto espera a vez, em ordem', async () => {
    const pool = novoPool({ paginas: 2 });
    let agora = 0;
    let maximo = 0;
    const ordem: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.usar(async (pagina) => {
          ordem.push(i);
          maximo = Math.max(maximo, ++agora);
          await pagina.setContent(`<p>${i}</p>`);
          await pausa(100);
          agora--;
        }),
      ),
    );
    expect(maximo).toBe(2);
    // Slots are granted in arrival order, but opening a page takes a variable time (longer on a
    // loaded machine), so the order in which the work itself starts is not a guarantee: every job
    // runs exactly once, never more than two at a time.
    expect([...ordem].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pool.estado).toMatchObject({ ocupadas: 0, naFila: 0 });
    expect(pool.estado.paginasLivres).toBeLessThanOrEqual(2);
  });

  it('prazo: a renderização lenta falha com ErroTempoRenderizacao, quem esperava na fila também, e o pool segue servindo', async () => {
    const pool = novoPool({ paginas: 1, tempoLimiteMs: 700 });
    await pool.aquecer();
    const lenta = pool.usar(() => pausa(5_000));
    const naFila = pool.usar(async () => 'nunca');
    const inicio = Date.now();
    await expect(lenta).rejects.toBeInstanceOf(ErroTempoRenderizacao);
    await expect(naFila).rejects.toBeInstanceOf(ErroTempoRenderizacao);
    expect(Date.now() - inicio).toBeLessThan(2_000);
    // The pool keeps serving. Opening the fresh page (the slow one was abandoned) can itself pass 700 ms on a
    // loaded machine, so up to five tries: a broken pool would fail every one of them.
    let resultado: unknown;
    for (let i = 0; i < 5 && resultado !== 2; i++)
      resultado = await pool.usar(async (p) => p.evaluate(() => 1 + 1)).catch((e: unknown) => e);
    expect(resultado).toBe(2);
  });

  it('Chromium morto (SIGKILL) é substituído: a próxima renderização funciona em outro processo', async () => {
    const pool = novoPool();
    await pool.aquecer();
    const pid = (await pool.pidNavegador())!;
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && pool.estado.reinicios === 0; i++) await pausa(100);
    expect(pool.estado.reinicios).toBe(1);
    await expect(pool.usar(async (p) => p.evaluate(() => 'ok'))).resolves.toBe('ok');
    const novo = await pool.pidNavegador();
    expect(novo).toBeDefined();
    expect(novo).not.toBe(pid);
  });

  it('as páginas não acessam a rede', async () => {
    let pedidos = 0;
    const servidor = createServer((_req, res) => {
      pedidos++;
      res.end('x');
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    const { port } = servidor.address() as AddressInfo;
    try {
      const pool = novoPool();
      await pool.usar((p) =>
        p.setContent(`<img src="http://127.0.0.1:${port}/a.png"><link rel="stylesheet" href="http://127.0.0.1:${port}/b.css">`),
      );
      expect(pedidos).toBe(0);
    } finally {
      servidor.close();
    }
  });

  it('encerrar fecha o Chromium e recusa novos pedidos', async () => {
    const pool = novoPool();
    await pool.aquecer();
    const pid = (await pool.pidNavegador())!;
    expect(vivo(pid)).toBe(true);
    await pool.encerrar();
    for (let i = 0; i < 30 && vivo(pid); i++) await pausa(100);
    expect(vivo(pid)).toBe(false);
    await expect(pool.usar(async () => 1)).rejects.toBeInstanceOf(ErroPoolEncerrado);
  });
});
