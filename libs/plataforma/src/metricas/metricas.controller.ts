import { Controller, Get, Header, Module } from '@nestjs/common';
import { Publica } from '../saude/saude.controller';
import { registroMetricas } from './registro-metricas';

/**
 * `GET /metrics` in the Prometheus text format. Public like the health routes (the scraper has no
 * credentials); in the gateway, only the API paths should be routed from outside (see k8s/README.md).
 */
@Publica()
@Controller('metrics')
export class MetricasController {
  @Get()
  @Header('Content-Type', registroMetricas.contentType)
  @Header('Cache-Control', 'no-store')
  metricas(): Promise<string> {
    return registroMetricas.metrics();
  }
}

/** Import it in an app's root module to serve `/metrics` (service apps get it from `moduloServico`). */
@Module({ controllers: [MetricasController] })
export class ModuloMetricas {}
