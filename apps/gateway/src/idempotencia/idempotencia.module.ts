import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotenciaInterceptor } from './idempotencia.interceptor';
import { IdempotenciaService } from './idempotencia.service';

@Module({
  providers: [IdempotenciaService, { provide: APP_INTERCEPTOR, useClass: IdempotenciaInterceptor }],
  exports: [IdempotenciaService],
})
export class IdempotenciaModule {}
