import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { moduloServico } from '@emissor/plataforma';
import type { ConfigNfeService } from './config';
import { EmpresaModule } from './empresa/empresa.module';
import { ConfiguracaoNfe } from './empresa/entities/configuracao-nfe.entity';
import { Mercadoria } from './mercadorias/entities/mercadoria.entity';
import { MercadoriasModule } from './mercadorias/mercadorias.module';
import { migracoes } from './migrations';

export const ENTIDADES_NFE = [ConfiguracaoNfe, Mercadoria];

@Module({})
export class AppModule {
  static com(config: ConfigNfeService): DynamicModule {
    return moduloServico(AppModule, {
      app: 'nfe-service',
      natsUrl: config.NATS_URL,
      banco: { app: 'nfe-service', url: config.DATABASE_URL, schema: 'nfe', entidades: ENTIDADES_NFE, migracoes },
      imports: [EmpresaModule, MercadoriasModule],
      streams: [Streams.nfeComandos, Streams.nfeResultados, Streams.nfeEventos],
    });
  }
}
