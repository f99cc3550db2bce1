import type { Type } from '@nestjs/common';
import { MetricasController } from '../metricas/metricas.controller';
import { SaudeController } from './saude.controller';

/**
 * The operational routes every app serves (health, metrics): not part of the public API. The gateway
 * leaves them out of its OpenAPI description; they carry no Swagger decorator themselves, so that the
 * other apps do not load @nestjs/swagger (about 38 MiB of idle memory each) for a document they never build.
 */
export const CONTROLADORES_OPERACIONAIS: readonly Type[] = [SaudeController, MetricasController];
