// Loads the TypeScript certificate generator (libs/fiscal-domain/src/certificado/emissao) and the test
// CA's files (libs/plataforma/src/certificados/ac-teste.ts) without a build: a require hook compiles
// .ts files with @swc/core (a devDependency, present after `npm ci`) and the repository's .swcrc, whose
// path aliases turn `@emissor/*` into relative requires, as tools/build.mjs does for dist/.
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
  const swcrc = JSON.parse(readFileSync(join(raizRepositorio, '.swcrc'), 'utf8'));
  const opcoes = { ...swcrc, swcrc: false, sourceMaps: false, jsc: { ...swcrc.jsc, baseUrl: raizRepositorio } };
  delete opcoes.$schema;
  Module._extensions['.ts'] = (modulo, arquivo) => {
    const { code } = transformSync(readFileSync(arquivo, 'utf8'), { ...opcoes, filename: arquivo });
    modulo._compile(code, arquivo);
  };
  registrado = true;
}

/**
 * The generator (in the domain since the gateway issues sandbox certificates with it), the test CA's
 * files and the openssl CLI helpers. Loaded file by file rather than through the libs' index files,
 * which would bring Nest and TypeORM along.
 */
export function carregarGerador() {
  registrarTypeScript();
  return {
    ...require(join(raizRepositorio, 'libs/fiscal-domain/src/certificado/emissao/index.ts')),
    ...require(join(raizRepositorio, 'libs/plataforma/src/certificados/ac-teste.ts')),
    ...require(join(raizRepositorio, 'libs/testing/src/certificados/openssl-cli.ts')),
  };
}
