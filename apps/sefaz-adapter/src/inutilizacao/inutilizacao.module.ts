import { Module } from '@nestjs/common';
import { InutilizacaoHandler } from './inutilizacao.handler';
import { InutilizacaoService } from './inutilizacao.service';

@Module({ controllers: [InutilizacaoHandler], providers: [InutilizacaoService] })
export class InutilizacaoModule {}
