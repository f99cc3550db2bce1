import { Module } from '@nestjs/common';
import { AutorizacaoConsumidor } from './autorizacao.consumidor';
import { AutorizacaoService } from './autorizacao.service';

@Module({ providers: [AutorizacaoService, AutorizacaoConsumidor] })
export class AutorizacaoModule {}
