import { Module } from '@nestjs/common';
import { TomadoresService } from './tomadores.service';

@Module({ providers: [TomadoresService], exports: [TomadoresService] })
export class TomadoresModule {}
