// Loads the TypeScript certificate generator (libs/fiscal-domain/src/certificado/emissao) without a build:
// a require hook compiles .ts files with @swc/core (a devDependency, present after `npm ci`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const raizRepositorio = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);

let registrado = false;

function registrarTypeScript() {
  if (registrado) return;
  const Module = require('node:module');
  const { transformSync } = require('@swc/core');
  Module._extensions['.ts'] = (modulo, arquivo) => {
    const { code } = transformSync(readFileSync(arquivo, 'utf8'), {
      filename: arquivo,
      swcrc: false,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    modulo._compile(code, arquivo);
  };
  registrado = true;
}

/**
 * What `libs/testing/src/certificados` exports: the generator (in the domain since the gateway issues
 * sandbox certificates with it) and the openssl CLI helpers. Loaded file by file, since this hook
 * does not resolve the `@emissor/*` aliases.
 */
export function carregarGerador() {
  registrarTypeScript();
  return {
    ...require(join(raizRepositorio, 'libs/fiscal-domain/src/certificado/emissao/index.ts')),
    ...require(join(raizRepositorio, 'libs/testing/src/certificados/openssl-cli.ts')),
  };
}
