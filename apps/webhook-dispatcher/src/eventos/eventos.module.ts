import { Module } from '@nestjs/common';
import { EntregasModule } from '../entregas/entregas.module';
import { ConsumidorEventos } from './consumidor-eventos';

/** Listens to `nfe.eventos.>` on JetStream (stream NFE_EVENTOS). */
@Module({ imports: [EntregasModule], providers: [ConsumidorEventos] })
export class EventosModule {}
