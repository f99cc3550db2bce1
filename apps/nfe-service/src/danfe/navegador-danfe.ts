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

  onApplicationBootstrap(): void {
    // In the background, once the app is up: notes, numbering and everything else work even while
    // (or if) Chromium cannot start, and the launch does not compete with the app's own start-up.
    this.aquecer().catch((erro: Error) =>
      NavegadorDanfe.registro.error(`Chromium não iniciou (${erro.message}); DANFEs falharão até ele iniciar. PUPPETEER_EXECUTABLE_PATH?`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.encerrar();
  }
}
