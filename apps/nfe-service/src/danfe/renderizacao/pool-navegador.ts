import type { Browser, Page } from 'puppeteer-core';
import { launch } from 'puppeteer-core';

/**
 * One warm headless Chromium with a bounded set of reusable pages.
 *
 * - At most `paginas` renders run at once; the rest wait in FIFO order.
 * - Every `usar` call has one deadline (waiting + rendering). A render that misses it has its page
 *   closed (whatever the page was doing stops) and a fresh page takes its place later.
 * - If the browser dies (crash, OOM kill), the pool notices the disconnect, forgets its pages and
 *   launches a new browser right away; renders that were running fail and may be retried by the caller.
 * - Pages are recycled after `usosPorPagina` renders, so a long-lived page never accumulates memory.
 * - Puppeteer never downloads a browser: puppeteer-core only drives the executable it is given.
 */
export interface OpcoesPool {
  executavel: string;
  paginas: number;
  tempoLimiteMs: number;
  usosPorPagina?: number;
  registrar?: (nivel: 'info' | 'warn' | 'error', mensagem: string) => void;
}

/** Flags for a closed network: without them Chromium tries to reach Google services at start. */
export const ARGUMENTOS_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--metrics-recording-only',
  '--font-render-hinting=none',
];

export class ErroTempoRenderizacao extends Error {
  constructor(ms: number) {
    super(`DANFE: renderização excedeu ${ms} ms`);
  }
}
export class ErroPoolEncerrado extends Error {
  constructor() {
    super('DANFE: o navegador está sendo encerrado');
  }
}

interface PaginaPool {
  pagina: Page;
  usos: number;
  navegador: Browser;
}

/** A render waiting for a slot: `true` = the slot is now its own; `false` = gave up (deadline, shutdown). */
interface Espera {
  liberar: (concedida: boolean) => void;
}

/** A4 at 96 dpi: the page is laid out at the size it is printed. */
const VIEWPORT_A4 = { width: 794, height: 1123 };

export class PoolNavegador {
  private navegador: Promise<Browser> | null = null;
  private livres: PaginaPool[] = [];
  private ocupadas = 0;
  private fila: Espera[] = [];
  private encerrado = false;
  private reinicios = 0;

  constructor(private readonly opcoes: OpcoesPool) {}

  /** Launches the browser now (instead of on the first render) and opens one page. */
  async aquecer(): Promise<void> {
    const navegador = await this.obterNavegador();
    if (!this.livres.length && !this.ocupadas) this.livres.push(await this.novaPagina(navegador));
  }

  /**
   * Runs `tarefa` on a page of the pool. Rejects with ErroTempoRenderizacao after `tempoLimiteMs`
   * (counted from this call), and never leaves a timed-out page in the pool.
   */
  async usar<T>(tarefa: (pagina: Page) => Promise<T>): Promise<T> {
    if (this.encerrado) throw new ErroPoolEncerrado();
    const { tempoLimiteMs } = this.opcoes;
    let expirou = false;
    let segura = false; // this call holds one of the `paginas` slots
    let emUso: PaginaPool | null = null;
    let espera: Espera | null = null;
    let relogio: NodeJS.Timeout | undefined;
    const soltar = () => {
      if (!segura) return;
      segura = false;
      this.liberarVaga();
    };

    const limite = new Promise<never>((_, rejeitar) => {
      relogio = setTimeout(() => {
        expirou = true;
        const naFila = espera;
        if (naFila) {
          this.fila = this.fila.filter((e) => e !== naFila);
          naFila.liberar(false);
        }
        if (emUso) this.abandonar(emUso);
        // The abandoned work no longer counts: its page is being closed, the slot serves the next render.
        soltar();
        rejeitar(new ErroTempoRenderizacao(tempoLimiteMs));
      }, tempoLimiteMs);
    });

    const trabalho = (async () => {
      if (this.ocupadas >= this.opcoes.paginas) {
        const concedida = await new Promise<boolean>((liberar) => {
          espera = { liberar };
          this.fila.push(espera);
        });
        espera = null;
        if (!concedida) throw this.encerrado ? new ErroPoolEncerrado() : new ErroTempoRenderizacao(tempoLimiteMs);
      } else {
        this.ocupadas++;
      }
      segura = true;
      try {
        if (expirou) throw new ErroTempoRenderizacao(tempoLimiteMs);
        const obtida = await this.obterPagina();
        if (expirou) {
          this.abandonar(obtida);
          throw new ErroTempoRenderizacao(tempoLimiteMs);
        }
        emUso = obtida;
        const resultado = await tarefa(obtida.pagina);
        if (!expirou) this.devolver(obtida);
        return resultado;
      } catch (erro) {
        // A page that failed mid-render is in an unknown state: never reused.
        if (emUso && !expirou) void emUso.pagina.close().catch(() => undefined);
        throw erro;
      } finally {
        emUso = null;
        soltar();
      }
    })();

    try {
      return await Promise.race([trabalho, limite]);
    } finally {
      clearTimeout(relogio);
      // The losing branch must not become an unhandled rejection.
      trabalho.catch(() => undefined);
      limite.catch(() => undefined);
    }
  }

  /** Closes every page and the browser (application shutdown). Waiting renders are refused. */
  async encerrar(): Promise<void> {
    this.encerrado = true;
    for (const e of this.fila.splice(0)) e.liberar(false);
    const navegador = this.navegador;
    this.navegador = null;
    this.livres = [];
    if (!navegador) return;
    const b = await navegador.catch(() => null);
    if (!b) return;
    const processo = b.process();
    let relogio: NodeJS.Timeout | undefined;
    await Promise.race([b.close().catch(() => undefined), new Promise((r) => (relogio = setTimeout(r, 3000)))]);
    clearTimeout(relogio);
    // A browser that did not close in time is killed, never left behind.
    if (processo && processo.exitCode === null && processo.signalCode === null) processo.kill('SIGKILL');
  }

  /** PID of the browser's main process (the benchmark reads the RSS of its process tree). */
  async pidNavegador(): Promise<number | undefined> {
    const b = await this.navegador?.catch(() => null);
    return b?.process()?.pid;
  }

  get estado() {
    return { paginasLivres: this.livres.length, ocupadas: this.ocupadas, naFila: this.fila.length, reinicios: this.reinicios };
  }

  /**
   * Closes a page whose render ran out of time; closing aborts whatever it was doing. If even the
   * close hangs, the browser is stuck: it is killed, and the disconnect handler starts a new one.
   */
  private abandonar(p: PaginaPool): void {
    const relogio = setTimeout(() => {
      this.opcoes.registrar?.('warn', 'Chromium não fechou uma página em 3 s; reiniciando o navegador');
      p.navegador.process()?.kill('SIGKILL');
    }, 3000);
    relogio.unref();
    void p.pagina
      .close()
      .catch(() => undefined)
      .finally(() => clearTimeout(relogio));
  }

  private liberarVaga(): void {
    const proxima = this.fila.shift();
    // The slot passes straight to the next waiter (the count stays the same), or is freed.
    if (proxima) proxima.liberar(true);
    else this.ocupadas--;
  }

  private devolver(p: PaginaPool): void {
    const usosMaximos = this.opcoes.usosPorPagina ?? 200;
    if (this.encerrado || p.pagina.isClosed() || !p.navegador.connected || ++p.usos >= usosMaximos) {
      void p.pagina.close().catch(() => undefined);
      return;
    }
    this.livres.push(p);
  }

  private async obterPagina(): Promise<PaginaPool> {
    const navegador = await this.obterNavegador();
    for (let p = this.livres.pop(); p; p = this.livres.pop()) {
      if (!p.pagina.isClosed() && p.navegador === navegador) return p;
    }
    return this.novaPagina(navegador);
  }

  private async novaPagina(navegador: Browser): Promise<PaginaPool> {
    const pagina = await navegador.newPage();
    await pagina.setViewport(VIEWPORT_A4);
    await pagina.emulateMediaType('print');
    // Defence in depth besides the template's CSP: the document never loads anything from outside.
    await pagina.setOfflineMode(true);
    return { pagina, usos: 0, navegador };
  }

  private obterNavegador(): Promise<Browser> {
    if (this.encerrado) return Promise.reject(new ErroPoolEncerrado());
    if (!this.navegador) {
      const iniciando = this.lancar();
      this.navegador = iniciando;
      // A failed launch is not cached: the next render tries again.
      iniciando.catch(() => {
        if (this.navegador === iniciando) this.navegador = null;
      });
    }
    return this.navegador;
  }

  private async lancar(): Promise<Browser> {
    const inicio = Date.now();
    const navegador = await launch({
      executablePath: this.opcoes.executavel,
      headless: true,
      pipe: true, // no DevTools port is opened
      args: ARGUMENTOS_CHROMIUM,
      // The application handles its own signals and closes the pool on shutdown.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    this.opcoes.registrar?.('info', `Chromium iniciado em ${Date.now() - inicio} ms (${await navegador.version()})`);
    navegador.once('disconnected', () => this.aoDesconectar(navegador));
    return navegador;
  }

  private aoDesconectar(navegador: Browser): void {
    this.livres = this.livres.filter((p) => p.navegador !== navegador);
    if (this.encerrado) return;
    this.reinicios++;
    this.opcoes.registrar?.('warn', 'Chromium desconectou; iniciando outro');
    void this.navegador?.then((atual) => {
      if (atual !== navegador) return;
      this.navegador = null;
      // Warm again at once, so the next render does not pay the launch.
      this.obterNavegador().catch((erro: Error) => this.opcoes.registrar?.('error', `Chromium não reiniciou: ${erro.message}`));
    });
  }
}
