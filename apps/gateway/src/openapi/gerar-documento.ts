import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import type { ConfigGateway } from '../config';
import { construirDocumentoOpenApi, URL_BASE_PADRAO } from './documento';

/**
 * The description without any infrastructure: Nest's preview mode reads the modules, controllers
 * and decorators without instantiating a provider (no database, no NATS). Used to export
 * libs/sdk/openapi.json and by the test that checks the committed copy is current.
 */
export async function gerarDocumentoOpenApi(urlBase = URL_BASE_PADRAO): Promise<OpenAPIObject> {
  const configNaoUsada = {
    DATABASE_URL: 'postgres://nao-usado@127.0.0.1:1/nao-usado',
    NATS_URL: 'nats://127.0.0.1:1',
    URL_BASE_PUBLICA: urlBase,
  } as ConfigGateway;
  const app = await NestFactory.create(AppModule.com(configNaoUsada), new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    return construirDocumentoOpenApi(app, urlBase);
  } finally {
    await app.close();
  }
}

/** Stable text of the description (2-space JSON, final newline): what libs/sdk/openapi.json holds. */
export const textoDocumento = (documento: OpenAPIObject) => `${JSON.stringify(documento, null, 2)}\n`;
