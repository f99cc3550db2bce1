import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { CaixaSaidaModule, moduloServico } from '@emissor/plataforma';
import { CONFIG_NFE, type ConfigNfeService } from './config';
import { DanfeModule } from './danfe/danfe.module';
import { EmpresaModule } from './empresa/empresa.module';
import { ConfiguracaoNfe } from './empresa/entities/configuracao-nfe.entity';
import { Inutilizacao } from './inutilizacao/entities/inutilizacao.entity';
import { InutilizacaoModule } from './inutilizacao/inutilizacao.module';
import { MensagemSaida } from './mensageria/saida.entity';
import { Mercadoria } from './mercadorias/entities/mercadoria.entity';
import { MercadoriasModule } from './mercadorias/mercadorias.module';
import { migracoes } from './migrations';
import { NotaFiscal } from './notas/entities/nota-fiscal.entity';
import { NotasModule } from './notas/notas.module';

export const ENTIDADES_NFE = [ConfiguracaoNfe, Mercadoria, NotaFiscal, Inutilizacao, MensagemSaida];

@Module({})
class ModuloConfig {}

@Module({})
export class AppModule {
  static com(config: ConfigNfeService): DynamicModule {
    return moduloServico(AppModule, {
      app: 'nfe-service',
      natsUrl: config.NATS_URL,
      banco: { app: 'nfe-service', url: config.DATABASE_URL, schema: 'nfe', entidades: ENTIDADES_NFE, migracoes, tamanhoPool: 20 },
      clienteRpc: true,
      imports: [
        { module: ModuloConfig, global: true, providers: [{ provide: CONFIG_NFE, useValue: config }], exports: [CONFIG_NFE] },
        CaixaSaidaModule.paraEsquema('nfe', config),
        EmpresaModule,
        MercadoriasModule,
        NotasModule,
        InutilizacaoModule,
        DanfeModule,
      ],
      streams: [Streams.nfeComandos, Streams.nfeResultados, Streams.nfeEventos],
    });
  }
}
