import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CertificadosController } from './certificados.controller';
import { CertificadosHandler } from './certificados.handler';
import { CertificadosService } from './certificados.service';
import { Certificado } from './entities/certificado.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Certificado])],
  controllers: [CertificadosController, CertificadosHandler],
  providers: [CertificadosService],
})
export class CertificadosModule {}
