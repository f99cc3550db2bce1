// Loads the TypeScript certificate generator (libs/testing/src/certificados) without a build:
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

/** The module `libs/testing/src/certificados/index.ts`. */
export function carregarGerador() {
  registrarTypeScript();
  return require(join(raizRepositorio, 'libs/testing/src/certificados/index.ts'));
}
