import { Module } from '@nestjs/common';
import { resolverDns } from '../seguranca/regras-url';
import { EndpointsHandler } from './endpoints.handler';
import { EndpointsService, RESOLVEDOR_DNS } from './endpoints.service';

/** The endpoint API (decisions §5): create (key shown once), list, remove. */
@Module({
  controllers: [EndpointsHandler],
  providers: [EndpointsService, { provide: RESOLVEDOR_DNS, useValue: resolverDns }],
  exports: [EndpointsService],
})
export class EndpointsModule {}
