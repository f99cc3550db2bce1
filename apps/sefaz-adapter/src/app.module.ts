import { type DynamicModule, Module } from '@nestjs/common';
import { moduloServico } from '@emissor/plataforma';
import type { ConfigSefazAdapter } from './config';
import { migracoes } from './migrations';

/** Owns the SEFAZ protocol state (receipts, attempts) (schema `sefaz`). Capabilities arrive with their issues. */
@Module({})
export class AppModule {
  static com(config: ConfigSefazAdapter): DynamicModule {
    return moduloServico(AppModule, {
      app: 'sefaz-adapter',
      natsUrl: config.NATS_URL,
      banco: { app: 'sefaz-adapter', url: config.DATABASE_URL, schema: 'sefaz', entidades: [], migracoes },
      streams: [],
    });
  }
}
