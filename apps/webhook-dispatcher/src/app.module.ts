import { type DynamicModule, Module } from '@nestjs/common';
import { moduloServico } from '@emissor/plataforma';
import type { ConfigWebhookDispatcher } from './config';
import { migracoes } from './migrations';

/** Owns webhook endpoints, deliveries and attempts (schema `webhooks`). Capabilities arrive with their issues. */
@Module({})
export class AppModule {
  static com(config: ConfigWebhookDispatcher): DynamicModule {
    return moduloServico(AppModule, {
      app: 'webhook-dispatcher',
      natsUrl: config.NATS_URL,
      banco: { app: 'webhook-dispatcher', url: config.DATABASE_URL, schema: 'webhooks', entidades: [], migracoes },
      streams: [],
    });
  }
}
