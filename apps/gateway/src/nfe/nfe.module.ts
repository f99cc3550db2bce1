import { Module } from '@nestjs/common';
import { CartasCorrecaoController } from './cartas-correcao.controller';
import { DanfeController } from './danfe.controller';
import { EmpresaNfeController } from './empresa-nfe.controller';
import { MercadoriasController } from './mercadorias.controller';
import { NotasController } from './notas.controller';

/** Public NF-e routes. The gateway validates and relays; nfe-service decides. */
@Module({ controllers: [EmpresaNfeController, MercadoriasController, NotasController, DanfeController, CartasCorrecaoController] })
export class NfeModule {}
