import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG_WEBHOOKS, type ConfigWebhookDispatcher } from '../config';
import { ConexaoAmqp } from './conexao-amqp';
import { FilaEntregas } from './fila-entregas';
import { RepositorioEntregas } from './repositorio-entregas';

const LOTE = 500;

/**
 * Durability: PostgreSQL is the source of truth and RabbitMQ a cache of "what to attempt when".
 * At start, after every reconnection to RabbitMQ and every WEBHOOK_VARREDURA_MS, jobs RabbitMQ may not
 * hold are published again: never confirmed (a crash or a broker outage between the commit and the
 * publish) or overdue by WEBHOOK_REPUBLICAR_APOS_S (lost by the broker). Delivered jobs are never
 * taken, and a copy of a job RabbitMQ did have is dropped by the version check.
 */
@Injectable()
export class Varredura implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly registro = new Logger('varredura');
  private relogio?: NodeJS.Timeout;
  private emCurso?: Promise<void>;
  private parado = false;

  constructor(
    @Inject(CONFIG_WEBHOOKS) private readonly config: ConfigWebhookDispatcher,
    private readonly amqp: ConexaoAmqp,
    private readonly fila: FilaEntregas,
    private readonly repositorio: RepositorioEntregas,
  ) {}

  onApplicationBootstrap() {
    this.amqp.aoConectar(() => void this.varrer());
    this.relogio = setInterval(() => void this.varrer(), this.config.WEBHOOK_VARREDURA_MS);
    this.relogio.unref();
  }

  async beforeApplicationShutdown() {
    this.parado = true;
    if (this.relogio) clearInterval(this.relogio);
    await this.emCurso;
  }

  /** One sweep at a time; a call during a sweep joins it. */
  varrer(): Promise<void> {
    if (this.parado || !this.amqp.conectado) return Promise.resolve();
    this.emCurso ??= this.executar().finally(() => (this.emCurso = undefined));
    return this.emCurso;
  }

  private async executar(): Promise<void> {
    try {
      await this.amqp.renovarTopologia();
      let total = 0;
      for (;;) {
        const trabalhos = await this.repositorio.paraRepublicar(this.config.WEBHOOK_REPUBLICAR_APOS_S, LOTE);
        if (!trabalhos.length) break;
        const publicados = await this.fila.publicarTrabalhos(trabalhos);
        total += publicados;
        if (publicados < trabalhos.length || trabalhos.length < LOTE) break;
      }
      if (total) this.registro.log(`${total} entrega(s) publicada(s) de novo a partir do PostgreSQL`);
    } catch (erro) {
      this.registro.warn(`varredura falhou: ${(erro as Error).message}`);
    }
  }
}
