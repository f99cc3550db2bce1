import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CartasCorrecaoHandler } from '../cartas-correcao/cartas-correcao.handler';
import { CartasCorrecaoService } from '../cartas-correcao/cartas-correcao.service';
import { CertificadosEmpresaService } from '../certificados/certificados-empresa.service';
import { ContingenciaHandler } from '../contingencia/contingencia.handler';
import { ContingenciaService } from '../contingencia/contingencia.service';
import { EmpresaModule } from '../empresa/empresa.module';
import { MercadoriasModule } from '../mercadorias/mercadorias.module';
import { EmissaoEmLote } from './emissao-em-lote';
import { NotaFiscal } from './entities/nota-fiscal.entity';
import { NotasHandler } from './notas.handler';
import { NotasService } from './notas.service';
import { RepositorioNotas } from './notas.repositorio';
import { ResultadosService } from './resultados.service';
import { ValidadorXsdNfe } from './validador-xsd.provider';

@Module({
  imports: [TypeOrmModule.forFeature([NotaFiscal]), EmpresaModule, MercadoriasModule],
  // The cartas de correção and the contingency live beside the notes: the results consumer applies their messages too.
  controllers: [NotasHandler, CartasCorrecaoHandler, ContingenciaHandler],
  providers: [
    NotasService,
    RepositorioNotas,
    CartasCorrecaoService,
    ContingenciaService,
    EmissaoEmLote,
    ResultadosService,
    CertificadosEmpresaService,
    ValidadorXsdNfe,
  ],
  exports: [NotasService, CertificadosEmpresaService],
})
export class NotasModule {}
