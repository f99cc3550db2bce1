import { Module } from '@nestjs/common';
import { CancelamentoConsumidor } from './cancelamento.consumidor';
import { CancelamentoService } from './cancelamento.service';

@Module({ providers: [CancelamentoService, CancelamentoConsumidor] })
export class CancelamentoModule {}
