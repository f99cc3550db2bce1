import { Global, Module } from '@nestjs/common';
import { RelaySaida } from './relay-saida.service';

@Global()
@Module({ providers: [RelaySaida], exports: [RelaySaida] })
export class MensageriaModule {}
