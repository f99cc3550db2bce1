import { type DynamicModule, Module } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { moduloServico } from '@emissor/plataforma';
import { AutorizacaoModule } from './autorizacao/autorizacao.module';
import { EventosModule } from './eventos/eventos.module';
import { AutorizadoresModule } from './guarda/autorizadores.module';
import type { ConfigSefazAdapter } from './config';
import { InutilizacaoModule } from './inutilizacao/inutilizacao.module';
import { migracoes } from './migrations';
import { SefazModule } from './sefaz/sefaz.module';

/** Owns the SEFAZ protocol (schema `sefaz`): authorization, events (cancellation, carta de correção) and inutilização at the authority. */
@Module({})
export class AppModule {
  static com(config: ConfigSefazAdapter): DynamicModule {
    return moduloServico(AppModule, {
      app: 'sefaz-adapter',
      natsUrl: config.NATS_URL,
      banco: {
        app: 'sefaz-adapter',
        url: config.DATABASE_URL,
        schema: 'sefaz',
        entidades: [],
        migracoes,
        tamanhoPool: Math.min(50, config.SEFAZ_CONCORRENCIA + 8),
      },
      imports: [SefazModule.com(config), AutorizacaoModule, EventosModule, InutilizacaoModule, AutorizadoresModule],
      // Consumed and published here; created by whichever app starts first (same definition).
      streams: [Streams.nfeComandos, Streams.nfeResultados],
    });
  }
}
