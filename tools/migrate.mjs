// `npm run migrate`: every app's migrations, each to its own schema, in the launcher's order, in one
// process. npm start, the integration tests and the benches migrate through it too (tools/sistema.cjs
// `migrar`): one Node start with the platform loaded once, instead of eight starts of about a second
// each (every isolated system of a test run paid them). An app's own `node migrate.js` (its image's
// init container, `nx serve`) still applies that app's alone. Needs the build (`node tools/build.mjs`).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const { APPS, RAIZ, arquivoApp } = require('./sistema.cjs');

const plataforma = path.join(RAIZ, 'dist', 'libs', 'plataforma', 'src', 'index.js');
if (!existsSync(plataforma)) {
  console.error('dist/ não existe: rode node tools/build.mjs antes');
  process.exit(1);
}
const { executarMigracoes, linhaMigracao } = require(plataforma);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emissor';

for (const { nome } of APPS) {
  const { migracao } = require(arquivoApp(nome, 'migrate'));
  try {
    console.log(linhaMigracao(migracao, await executarMigracoes({ ...migracao, url })));
  } catch (erro) {
    console.error(`${nome}: migrações falharam: ${erro.message}`);
    process.exit(1);
  }
}
