import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG_DANFE, type ConfigDanfe } from './config-danfe';
import { PoolNavegador } from './renderizacao/pool-navegador';

/** The pool as a Nest provider: warmed right after start (without holding it up), closed on shutdown. */
@Injectable()
export class NavegadorDanfe extends PoolNavegador implements OnApplicationBootstrap, OnApplicationShutdown {
  private static readonly registro = new Logger('danfe');

  constructor(@Inject(CONFIG_DANFE) config: ConfigDanfe) {
    super({
      executavel: config.PUPPETEER_EXECUTABLE_PATH,
      paginas: config.DANFE_PAGINAS,
      tempoLimiteMs: config.DANFE_TEMPO_LIMITE_MS,
      registrar: (nivel, mensagem) => NavegadorDanfe.registro[nivel === 'info' ? 'log' : nivel](mensagem),
    });
  }

  private desligando = false;

  onApplicationBootstrap(): void {
    // In the background, once the app is up: notes, numbering and everything else work even while
    // (or if) Chromium cannot start, and the launch does not compete with the app's own start-up.
    this.aquecer().catch((erro: Error) => {
      // A launch cut short by our own shutdown is nothing; otherwise a warning, not an error: the pool
      // launches again on the next DANFE, and everything else in the service keeps working.
      if (this.desligando) return;
      NavegadorDanfe.registro.warn(
        `Chromium não iniciou no aquecimento (${erro.message}); será tentado de novo no próximo DANFE. PUPPETEER_EXECUTABLE_PATH?`,
      );
    });
  }

  async onApplicationShutdown(): Promise<void> {
    this.desligando = true;
    await this.encerrar();
  }
}
