import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { moduloServico } from '@emissor/plataforma';
import { CONFIG_WEBHOOKS, type ConfigWebhookDispatcher } from './config';
import { EndpointsModule } from './endpoints/endpoints.module';
import { Endpoint } from './endpoints/entities/endpoint.entity';
import { EntregasModule } from './entregas/entregas.module';
import { Entrega } from './entregas/entities/entrega.entity';
import { Tentativa } from './entregas/entities/tentativa.entity';
import { EventoRecebido } from './eventos/entities/evento.entity';
import { EventosModule } from './eventos/eventos.module';
import { migracoes } from './migrations';

const ENTIDADES_WEBHOOKS = [Endpoint, EventoRecebido, Entrega, Tentativa];

@Module({})
class ModuloConfig {}

/** Owns webhook endpoints, received events, delivery jobs and attempts (schema `webhooks`). */
@Module({})
export class AppModule {
  static com(config: ConfigWebhookDispatcher): DynamicModule {
    return moduloServico(AppModule, {
      app: 'webhook-dispatcher',
      natsUrl: config.NATS_URL,
      banco: { app: 'webhook-dispatcher', url: config.DATABASE_URL, schema: 'webhooks', entidades: ENTIDADES_WEBHOOKS, migracoes },
      imports: [
        { module: ModuloConfig, global: true, providers: [{ provide: CONFIG_WEBHOOKS, useValue: config }], exports: [CONFIG_WEBHOOKS] },
        EndpointsModule,
        EntregasModule,
        EventosModule,
      ],
      // Created by nfe-service too; declaring it here (idempotent) makes start order irrelevant.
      streams: [Streams.nfeEventos],
    });
  }
}
