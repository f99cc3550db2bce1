import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mercadoria } from './entities/mercadoria.entity';
import { MercadoriasHandler } from './mercadorias.handler';
import { MercadoriasService } from './mercadorias.service';

@Module({
  imports: [TypeOrmModule.forFeature([Mercadoria])],
  controllers: [MercadoriasHandler],
  providers: [MercadoriasService],
  exports: [MercadoriasService],
})
export class MercadoriasModule {}
