import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { CaixaSaidaModule, moduloServico } from '@emissor/plataforma';
import { CatalogoModule } from './catalogo/catalogo.module';
import { ServicoMunicipal } from './catalogo/entities/servico-municipal.entity';
import { CONFIG_NFSE, type ConfigNfseService } from './config';
import { migracoes } from './migrations';
import { NotaNfse } from './notas/entities/nota-nfse.entity';
import { NotasNfseModule } from './notas/notas.module';

export const ENTIDADES_NFSE = [ServicoMunicipal, NotaNfse];

@Module({})
class ModuloConfig {}

/** Owns NFS-e, tomadores, RPS numbering and the municipal service catalog (schema `nfse`). */
@Module({})
export class AppModule {
  static com(config: ConfigNfseService): DynamicModule {
    return moduloServico(AppModule, {
      app: 'nfse-service',
      natsUrl: config.NATS_URL,
      banco: { app: 'nfse-service', url: config.DATABASE_URL, schema: 'nfse', entidades: ENTIDADES_NFSE, migracoes, tamanhoPool: 20 },
      imports: [
        { module: ModuloConfig, global: true, providers: [{ provide: CONFIG_NFSE, useValue: config }], exports: [CONFIG_NFSE] },
        CaixaSaidaModule.paraEsquema('nfse', config),
        CatalogoModule,
        NotasNfseModule,
      ],
      streams: [Streams.nfseComandos, Streams.nfseResultados],
    });
  }
}
