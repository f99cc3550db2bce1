import { randomUUID } from 'node:crypto';
import type { Server as ServidorHttps } from 'node:https';
import type { Socket } from 'node:net';
import { ErroFalhaInvalida } from './servidor-controle';
import { ouvir } from './servidor-mtls';

/** The longest outage the control API accepts (10 minutes): tests and the chaos run are bounded. */
export const DURACAO_MAXIMA_FORA_DO_AR_MS = 600_000;

export interface FalhaForaDoAr {
  id: string;
  tipo: 'fora_do_ar';
  duracao_ms: number;
  /** When the port listens again (ISO 8601). */
  ate: string;
}

/**
 * The `fora_do_ar` fault (decisions §9): the simulator's TLS port stops listening and its open
 * connections are dropped, so clients get connection refused exactly as from a stopped server,
 * for `duracao_ms`; then it listens again on the same port. Clearing the faults ends it at once.
 */
export class ForaDoAr {
  private porta = 0;
  private ativa: (FalhaForaDoAr & { relogio: NodeJS.Timeout }) | null = null;
  /**
   * Every TCP connection of the port, from accept on: closeAllConnections() knows only those that
   * finished their TLS handshake, and one caught mid-handshake would live on through the outage (and
   * a client's keep-alive would go on using it) where a stopped server leaves nothing.
   */
  private readonly conexoes = new Set<Socket>();

  constructor(
    private readonly servidor: ServidorHttps,
    private readonly host: string,
    private readonly registro: { warn(dados: object, mensagem: string): void; info(dados: object, mensagem: string): void },
  ) {
    servidor.on('connection', (conexao: Socket) => {
      this.conexoes.add(conexao);
      conexao.once('close', () => this.conexoes.delete(conexao));
    });
  }

  /** The port the server listens on (after `ouvir`): where it listens again. */
  ouvindoEm(porta: number): void {
    this.porta = porta;
  }

  ligar(dados: Record<string, unknown>): FalhaForaDoAr {
    const duracao = dados.duracao_ms;
    if (!Number.isInteger(duracao) || (duracao as number) < 1 || (duracao as number) > DURACAO_MAXIMA_FORA_DO_AR_MS) {
      throw new ErroFalhaInvalida(`duracao_ms deve ser inteiro entre 1 e ${DURACAO_MAXIMA_FORA_DO_AR_MS}`);
    }
    const extras = Object.keys(dados).filter((k) => !['tipo', 'duracao_ms'].includes(k));
    if (extras.length) throw new ErroFalhaInvalida(`fora_do_ar vale para a porta inteira: não aceita ${extras.join(', ')}`);
    if (this.ativa) clearTimeout(this.ativa.relogio);
    else {
      // Stop accepting (new connections are refused) and drop the open ones, as a killed process does.
      this.servidor.close();
      this.servidor.closeAllConnections();
      for (const conexao of this.conexoes) conexao.destroy();
    }
    const ms = duracao as number;
    const relogio = setTimeout(() => void this.encerrar(), ms);
    relogio.unref();
    this.ativa = { id: randomUUID(), tipo: 'fora_do_ar', duracao_ms: ms, ate: new Date(Date.now() + ms).toISOString(), relogio };
    this.registro.warn({ duracao_ms: ms, porta: this.porta }, 'porta TLS fora do ar');
    return this.listar()[0];
  }

  listar(): FalhaForaDoAr[] {
    if (!this.ativa) return [];
    const { id, tipo, duracao_ms, ate } = this.ativa;
    return [{ id, tipo, duracao_ms, ate }];
  }

  possui(id: string): boolean {
    return this.ativa?.id === id;
  }

  /** The simulator stops: no listening again later. */
  cancelar(): void {
    if (this.ativa) clearTimeout(this.ativa.relogio);
    this.ativa = null;
  }

  /** Listens again (at the end of the outage, or when the faults are cleared). */
  async encerrar(): Promise<void> {
    if (!this.ativa) return;
    clearTimeout(this.ativa.relogio);
    this.ativa = null;
    await ouvir(this.servidor, this.porta, this.host);
    this.registro.info({ porta: this.porta }, 'porta TLS de volta ao ar');
  }
}
