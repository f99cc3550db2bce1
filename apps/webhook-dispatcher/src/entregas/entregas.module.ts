import { Module } from '@nestjs/common';
import { CONFIG_WEBHOOKS, type ConfigWebhookDispatcher } from '../config';
import { EndpointsModule } from '../endpoints/endpoints.module';
import { ConexaoAmqp } from './conexao-amqp';
import { EntregasHandler } from './entregas.handler';
import { EntregasService } from './entregas.service';
import { FilaEntregas, NOMES_TOPOLOGIA } from './fila-entregas';
import { ProcessadorEntregas } from './processador-entregas';
import { RepositorioEntregas } from './repositorio-entregas';
import { nomesTopologia } from './topologia';
import { Varredura } from './varredura';

/** Isolated (namespaced) systems get self-expiring queues; PostgreSQL rebuilds anything lost. */
const EXPIRACAO_FILAS_ISOLADAS_MS = 30 * 60 * 1000;

/** Delivery jobs on RabbitMQ: publishing, the consumer that attempts them, the sweep, the log API. */
@Module({
  imports: [EndpointsModule],
  controllers: [EntregasHandler],
  providers: [
    { provide: NOMES_TOPOLOGIA, useFactory: (c: ConfigWebhookDispatcher) => nomesTopologia(c.NATS_NAMESPACE), inject: [CONFIG_WEBHOOKS] },
    {
      provide: ConexaoAmqp,
      useFactory: (c: ConfigWebhookDispatcher) =>
        new ConexaoAmqp({
          url: c.AMQP_URL,
          nomes: nomesTopologia(c.NATS_NAMESPACE),
          prefetch: c.WEBHOOK_CONCORRENCIA,
          expiraFilasMs: c.NATS_NAMESPACE ? EXPIRACAO_FILAS_ISOLADAS_MS : undefined,
        }),
      inject: [CONFIG_WEBHOOKS],
    },
    RepositorioEntregas,
    FilaEntregas,
    ProcessadorEntregas,
    Varredura,
    EntregasService,
  ],
  exports: [FilaEntregas, RepositorioEntregas],
})
export class EntregasModule {}
