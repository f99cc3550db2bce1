import { type DynamicModule, Module } from '@nestjs/common';
import { moduloServico } from '@emissor/plataforma';
import type { ConfigMunicipalAdapter } from './config';
import { migracoes } from './migrations';

/** Owns RPS batches and their protocols (schema `municipal`). Capabilities arrive with their issues. */
@Module({})
export class AppModule {
  static com(config: ConfigMunicipalAdapter): DynamicModule {
    return moduloServico(AppModule, {
      app: 'municipal-adapter',
      natsUrl: config.NATS_URL,
      banco: { app: 'municipal-adapter', url: config.DATABASE_URL, schema: 'municipal', entidades: [], migracoes },
      streams: [],
    });
  }
}
