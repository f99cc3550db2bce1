import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresaModule } from '../empresa/empresa.module';
import { NotasModule } from '../notas/notas.module';
import { Inutilizacao } from './entities/inutilizacao.entity';
import { InutilizacaoHandler } from './inutilizacao.handler';
import { InutilizacaoService } from './inutilizacao.service';

@Module({
  imports: [TypeOrmModule.forFeature([Inutilizacao]), EmpresaModule, NotasModule],
  controllers: [InutilizacaoHandler],
  providers: [InutilizacaoService],
})
export class InutilizacaoModule {}
