import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogoModule } from '../catalogo/catalogo.module';
import { TomadoresModule } from '../tomadores/tomadores.module';
import { NotaNfse } from './entities/nota-nfse.entity';
import { NotasNfseHandler } from './notas.handler';
import { RepositorioNotasNfse } from './notas.repositorio';
import { NotasNfseService } from './notas.service';
import { ResultadosNfseService } from './resultados.service';

@Module({
  imports: [TypeOrmModule.forFeature([NotaNfse]), CatalogoModule, TomadoresModule],
  controllers: [NotasNfseHandler],
  providers: [RepositorioNotasNfse, NotasNfseService, ResultadosNfseService],
})
export class NotasNfseModule {}
