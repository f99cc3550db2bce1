// Start-up time and idle memory of the whole system: starts every app (built, migrated, in a
// throwaway database and NATS namespace), waits until all answer /health/ready, idles, reads each
// process's RSS from /proc, prints, stops. Usage: node tools/bench/inicializacao.mjs [ociosoSegundos]
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { criarBancoDescartavel } from './banco-descartavel.mjs';

const require = createRequire(import.meta.url);
const sistema = require('../sistema.cjs');

const ocioso = Number(process.argv[2] ?? 10);
const bancoDescartavel = await criarBancoDescartavel();
const { id, url } = bancoDescartavel;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: url,
  NATS_NAMESPACE: `bench_${id}`,
  ADMIN_TOKEN: randomBytes(16).toString('hex'),
  CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  WEBHOOK_CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  AC_TESTE_DIR: path.join(sistema.RAIZ, 'tmp', `bench-ac-${id}`),
  // NODE_ENV=production requires a real-looking responsável técnico (decisions §8; the development sample is refused).
  RESPONSAVEL_TECNICO_CNPJ: '11444777000161',
  RESPONSAVEL_TECNICO_CONTATO: 'Equipe de desenvolvimento',
  RESPONSAVEL_TECNICO_EMAIL: 'bench@emissor.com.br',
  RESPONSAVEL_TECNICO_FONE: '11999999999',
};
await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], env);
const inicioMigracao = Date.now();
await sistema.migrar(env);
const msMigracao = Date.now() - inicioMigracao;
const portas = {};
for (const app of sistema.APPS) portas[app.nome] = await sistema.portaLivre();
const inicio = Date.now();
const processos = await sistema.iniciarApps({ env, portas, saida: () => undefined });
const msInicio = Date.now() - inicio;
await new Promise((r) => setTimeout(r, ocioso * 1000));
const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
let total = 0;
console.log(`migrações (todos os schemas, banco novo, um processo): ${msMigracao} ms`);
console.log(`início até todos prontos (/health/ready), ${processos.length} apps em paralelo: ${msInicio} ms`);
console.log(`RSS após ${ocioso} s ociosos:`);
for (const p of processos) {
  const mb = rss(p.processo.pid);
  total += mb;
  console.log(`  ${p.nome.padEnd(20)} ${mb.toFixed(1)} MiB`);
}
console.log(`  ${'total'.padEnd(20)} ${total.toFixed(1)} MiB`);
await sistema.pararApps(processos);
await bancoDescartavel.descartar();
