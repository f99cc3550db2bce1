import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { moduloServico } from '@emissor/plataforma';
import type { ConfigNfseService } from './config';
import { migracoes } from './migrations';

/** Owns NFS-e, tomadores, RPS numbering, the municipality service catalog (schema `nfse`). Capabilities arrive with their issues. */
@Module({})
export class AppModule {
  static com(config: ConfigNfseService): DynamicModule {
    return moduloServico(AppModule, {
      app: 'nfse-service',
      natsUrl: config.NATS_URL,
      banco: { app: 'nfse-service', url: config.DATABASE_URL, schema: 'nfse', entidades: [], migracoes },
      streams: [Streams.nfseComandos, Streams.nfseResultados],
    });
  }
}
