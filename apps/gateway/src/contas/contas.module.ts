import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CredenciaisService } from '../autenticacao/credenciais.service';
import { ContasController } from './contas.controller';
import { ContasService } from './contas.service';
import { Conta } from './entities/conta.entity';
import { Credencial } from './entities/credencial.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Conta, Credencial])],
  controllers: [ContasController],
  providers: [ContasService, CredenciaisService],
  exports: [CredenciaisService],
})
export class ContasModule {}
