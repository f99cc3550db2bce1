import { Module } from '@nestjs/common';
import type { ConfigSefazAdapter } from '../config';
import { EnvioAgrupado } from '../lotes/envio-agrupado';
import { ClienteSefaz } from '../sefaz/cliente-sefaz';
import { CONFIG_SEFAZ, SEFAZ_AUTORIZACAO } from '../sefaz/tokens';
import { AutorizacaoConsumidor } from './autorizacao.consumidor';
import { AutorizacaoService } from './autorizacao.service';

@Module({
  providers: [
    {
      provide: SEFAZ_AUTORIZACAO,
      useFactory: (sefaz: ClienteSefaz, config: ConfigSefazAdapter) => new EnvioAgrupado(sefaz, config.SEFAZ_ENVIOS_SIMULTANEOS),
      inject: [ClienteSefaz, CONFIG_SEFAZ],
    },
    AutorizacaoService,
    AutorizacaoConsumidor,
  ],
})
export class AutorizacaoModule {}
