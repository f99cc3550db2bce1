import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import { AppModule } from '../app.module';
import type { ConfigGateway } from '../config';
import { gerarDocumentoOpenApi, textoDocumento } from './gerar-documento';

const { createConfig, lintFromString } = require('@redocly/openapi-core');

const raiz = path.resolve(__dirname, '../../../..');
const DESCRICAO_SDK = path.join(raiz, 'libs/sdk/openapi.json');

/**
 * Redocly's recommended rules, one argued exception:
 * - info-license-strict (a license `url`): the API is proprietary and has no public license page.
 */
const REGRAS = { extends: ['recommended'], rules: { 'info-license-strict': 'off' } };

describe('Descrição OpenAPI gerada do código', () => {
  let documento: OpenAPIObject;
  beforeAll(async () => {
    documento = await gerarDocumentoOpenApi();
  }, 60_000);

  it('passa no lint recomendado do Redocly sem erros nem avisos', async () => {
    const problemas: { severity: string; ruleId: string; message: string; location: { pointer: string }[] }[] = await lintFromString({
      source: textoDocumento(documento),
      absoluteRef: DESCRICAO_SDK,
      config: await createConfig(REGRAS),
    });
    expect(problemas.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`)).toEqual([]);
  });

  it('descreve cada rota que os controladores servem, com corpo de resposta e erros', async () => {
    const config = { DATABASE_URL: 'postgres://x@127.0.0.1:1/x', NATS_URL: 'nats://127.0.0.1:1' } as ConfigGateway;
    const app = await NestFactory.create(AppModule.com(config), new FastifyAdapter(), { preview: true, logger: false });
    const servidas: string[] = [];
    // The routes as the router gets them, read from the controllers' own metadata (not from Swagger).
    for (const modulo of (
      app as unknown as { container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: new () => object }> }> } }
    ).container
      .getModules()
      .values()) {
      for (const { metatype } of modulo.controllers.values()) {
        const base = String(Reflect.getMetadata(PATH_METADATA, metatype) ?? '');
        if (base === 'health' || base === 'metrics' || base.startsWith('health')) continue;
        for (const nome of Object.getOwnPropertyNames(metatype.prototype)) {
          const metodo = (metatype.prototype as Record<string, unknown>)[nome];
          if (typeof metodo !== 'function' || Reflect.getMetadata(PATH_METADATA, metodo) === undefined || nome === 'constructor') continue;
          const sub = String(Reflect.getMetadata(PATH_METADATA, metodo));
          const caminho = `/${[base, sub].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/').replace(/:([^/]+)/g, '{$1}');
          servidas.push(`${RequestMethod[Reflect.getMetadata(METHOD_METADATA, metodo)]} ${caminho}`);
        }
      }
    }
    await app.close();
    const descritas = Object.entries(documento.paths).flatMap(([caminho, metodos]) =>
      Object.keys(metodos).map((m) => `${m.toUpperCase()} ${caminho}`),
    );
    expect(servidas.length).toBeGreaterThan(25);
    expect(descritas.sort()).toEqual(servidas.sort());
    for (const [caminho, metodos] of Object.entries(documento.paths)) {
      for (const [metodo, operacao] of Object.entries(
        metodos as Record<string, { responses: Record<string, { content?: object; description: string }> }>,
      )) {
        const sucesso = Object.entries(operacao.responses).filter(([s]) => s.startsWith('2'));
        expect([`${metodo} ${caminho}`, sucesso.length]).toEqual([`${metodo} ${caminho}`, 1]);
        const [status, resposta] = sucesso[0];
        if (status !== '204') expect([`${metodo} ${caminho}`, !!resposta.content]).toEqual([`${metodo} ${caminho}`, true]);
        expect(Object.keys(operacao.responses)).toEqual(expect.arrayContaining(['401', '429']));
      }
    }
  }, 60_000);

  it('cada corpo de resposta JSON traz um exemplo com os campos obrigatórios do seu esquema', () => {
    const esquemas = documento.components?.schemas as Record<string, { required?: string[] }>;
    let vistos = 0;
    for (const [caminho, metodos] of Object.entries(documento.paths)) {
      for (const [metodo, operacao] of Object.entries(
        metodos as Record<
          string,
          {
            responses: Record<
              string,
              { content?: Record<string, { schema?: { $ref?: string; items?: { $ref?: string } }; example?: unknown }> }
            >;
          }
        >,
      )) {
        for (const [status, resposta] of Object.entries(operacao.responses)) {
          const json = resposta.content?.['application/json'];
          if (!status.startsWith('2') || !json?.schema) continue;
          vistos++;
          expect([`${metodo} ${caminho}`, json.example !== undefined]).toEqual([`${metodo} ${caminho}`, true]);
          const ref = json.schema.$ref ?? json.schema.items?.$ref;
          const exemplo = Array.isArray(json.example) ? json.example[0] : json.example;
          // Realistic: every value comes from a response class's own example, none is a type's placeholder.
          expect([`${metodo} ${caminho}`, JSON.stringify(json.example)]).not.toEqual([
            `${metodo} ${caminho}`,
            expect.stringMatching(/"texto"|\{\}/),
          ]);
          for (const campo of (ref && esquemas[ref.split('/').pop() as string]?.required) || []) {
            expect([`${metodo} ${caminho}`, campo, campo in (exemplo as object)]).toEqual([`${metodo} ${caminho}`, campo, true]);
          }
        }
      }
    }
    expect(vistos).toBeGreaterThan(25);
  });

  it('nenhum tipo aninhado sem nome (referência vazia)', () => {
    expect(JSON.stringify(documento)).not.toContain('"#/components/schemas/"');
  });

  it('libs/sdk/openapi.json e os tipos do SDK são os que o código gera agora (node tools/sdk/gerar.mjs)', async () => {
    expect(readFileSync(DESCRICAO_SDK, 'utf8')).toBe(textoDocumento(documento));
    expect(readFileSync(path.join(raiz, 'libs/sdk/src/gerado/api.ts'), 'utf8')).toBe(
      execFileSync(process.execPath, [path.join(raiz, 'tools/sdk/tipos.cjs'), DESCRICAO_SDK], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      }),
    );
  }, 60_000);
});
