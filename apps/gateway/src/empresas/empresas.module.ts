import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Certificado } from '../certificados/entities/certificado.entity';
import { CacheEmpresas } from './cache-empresas';
import { EmpresasController } from './empresas.controller';
import { EmpresasService } from './empresas.service';
import { Empresa } from './entities/empresa.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Empresa, Certificado])],
  controllers: [EmpresasController],
  providers: [EmpresasService, CacheEmpresas],
  exports: [EmpresasService, CacheEmpresas],
})
export class EmpresasModule {}
