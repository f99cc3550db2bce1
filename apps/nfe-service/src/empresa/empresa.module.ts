import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmpresaHandler } from './empresa.handler';
import { EmpresaService } from './empresa.service';
import { ConfiguracaoNfe } from './entities/configuracao-nfe.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ConfiguracaoNfe])],
  controllers: [EmpresaHandler],
  providers: [EmpresaService],
  exports: [EmpresaService],
})
export class EmpresaModule {}
