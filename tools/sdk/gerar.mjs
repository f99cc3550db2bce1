// Regenerates the SDK from the code, in one command: `node tools/sdk/gerar.mjs`.
//   1. builds (SWC) and exports the gateway's OpenAPI description to libs/sdk/openapi.json
//      (apps/gateway/src/openapi: Nest preview mode, no database or NATS needed);
//   2. generates libs/sdk/src/gerado/api.ts from it with openapi-typescript.
// The unit test apps/gateway/src/openapi/documento.spec.ts fails when either committed file differs from this output.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const { gerarTiposSdk } = createRequire(import.meta.url)('./tipos.cjs');

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const descricao = path.join(raiz, 'libs/sdk/openapi.json');

const passo = (comando, args) => {
  const r = spawnSync(comando, args, { cwd: raiz, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
passo(process.execPath, [path.join(raiz, 'tools/build.mjs')]);
passo(process.execPath, [path.join(raiz, 'dist/apps/gateway/src/openapi/exportar.js'), descricao]);
writeFileSync(path.join(raiz, 'libs/sdk/src/gerado/api.ts'), await gerarTiposSdk(descricao));
console.log('libs/sdk/openapi.json e libs/sdk/src/gerado/api.ts gerados');
