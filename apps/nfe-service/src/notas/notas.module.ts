import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificadosEmpresaService } from '../certificados/certificados-empresa.service';
import { EmpresaModule } from '../empresa/empresa.module';
import { MercadoriasModule } from '../mercadorias/mercadorias.module';
import { EmissaoEmLote } from './emissao-em-lote';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { NotasHandler } from './notas.handler';
import { NotasService } from './notas.service';
import { ResultadosService } from './resultados.service';
import { ValidadorXsdNfe } from './validador-xsd.provider';

@Module({
  imports: [TypeOrmModule.forFeature([NotaFiscal]), EmpresaModule, MercadoriasModule],
  controllers: [NotasHandler],
  providers: [NotasService, EmissaoEmLote, ResultadosService, CertificadosEmpresaService, ValidadorXsdNfe],
  exports: [NotasService, CertificadosEmpresaService],
})
export class NotasModule {}
