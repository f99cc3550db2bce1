import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificadosController } from './certificados.controller';
import { CertificadosHandler } from './certificados.handler';
import { CertificadosService } from './certificados.service';
import { Certificado } from './entities/certificado.entity';
import { EmpresasModule } from '../empresas/empresas.module';

@Module({
  imports: [TypeOrmModule.forFeature([Certificado]), EmpresasModule],
  controllers: [CertificadosController, CertificadosHandler],
  providers: [CertificadosService],
})
export class CertificadosModule {}
