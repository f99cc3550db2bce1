import { Module } from '@nestjs/common';
import { EventosConsumidor } from './eventos.consumidor';
import { EventosService } from './eventos.service';

@Module({ providers: [EventosService, EventosConsumidor] })
export class EventosModule {}
