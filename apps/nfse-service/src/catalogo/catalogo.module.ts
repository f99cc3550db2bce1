import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogoHandler } from './catalogo.handler';
import { CatalogoService } from './catalogo.service';
import { ServicoMunicipal } from './entities/servico-municipal.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ServicoMunicipal])],
  controllers: [CatalogoHandler],
  providers: [CatalogoService],
  exports: [CatalogoService],
})
export class CatalogoModule {}
