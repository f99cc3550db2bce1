// `nx serve <app>`: builds, applies that app's migrations, and runs it in the foreground with the
// development defaults (override any variable in the environment). The other apps are not started.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ambienteDev, RAIZ } from './ambiente-dev.mjs';

const require = createRequire(import.meta.url);
const { APPS, arquivoApp, executar } = require('./sistema.cjs');

const nome = process.argv[2];
if (!APPS.some((a) => a.nome === nome)) {
  console.error(`uso: node tools/serve.mjs <${APPS.map((a) => a.nome).join('|')}>`);
  process.exit(2);
}
const env = ambienteDev();
console.log((await executar(process.execPath, [path.join(RAIZ, 'tools', 'build.mjs')], env)).trim());
console.log((await executar(process.execPath, [arquivoApp(nome, 'migrate')], env)).trim());
const app = spawn(process.execPath, ['--enable-source-maps', arquivoApp(nome)], {
  env: { PORT: String(APPS.find((a) => a.nome === nome).porta), ...env },
  stdio: 'inherit',
});
for (const sinal of ['SIGINT', 'SIGTERM']) process.on(sinal, () => app.kill(sinal));
app.on('exit', (codigo) => process.exit(codigo ?? 0));
