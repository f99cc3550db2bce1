import { Module } from '@nestjs/common';
import { EstadoAutorizadoresHandler, PublicacaoEstadoAutorizadores } from './estado-autorizadores';

/** The authorizers' state told to the rest of the system: published changes (contingency) and the status request. */
@Module({ controllers: [EstadoAutorizadoresHandler], providers: [PublicacaoEstadoAutorizadores] })
export class AutorizadoresModule {}
