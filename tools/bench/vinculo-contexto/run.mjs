// node tools/bench/vinculo-contexto/run.mjs [vinculos]   (build first: node tools/build.mjs)
// CPU per AsyncResource.bind (plus one call of the bound function) with Node's own method and with
// plataforma's instalarVinculoDeContextoLeve, in alternating blocks in one process, with an
// AsyncLocalStorage in use (as in every app). README.md beside this file has the figures.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { instalarVinculoDeContextoLeve, VINCULO_ORIGINAL } = require('../../../dist/libs/plataforma/src/inicializacao/vinculo-contexto.js');

const N = Number(process.argv[2] ?? 200_000);
const BLOCOS = 10;
const contexto = new AsyncLocalStorage();
const funcao = () => contexto.getStore();

instalarVinculoDeContextoLeve();
const leve = { estatico: AsyncResource.bind, instancia: AsyncResource.prototype.bind };
const modos = { 'Node (com a propriedade obsoleta)': VINCULO_ORIGINAL, instalarVinculoDeContextoLeve: leve };
const usar = (m) => {
  AsyncResource.bind = m.estatico;
  AsyncResource.prototype.bind = m.instancia;
};
const bloco = (n) =>
  contexto.run('pedido', () => {
    let x;
    for (let i = 0; i < n; i++) x = AsyncResource.bind(funcao)();
    return x;
  });

for (const m of Object.values(modos)) (usar(m), bloco(20_000)); // JIT
const cpu = Object.fromEntries(Object.keys(modos).map((k) => [k, 0]));
for (let b = 0; b < BLOCOS; b++)
  for (const [nome, m] of Object.entries(modos)) {
    usar(m);
    const inicio = process.cpuUsage();
    if (bloco(N / BLOCOS) !== 'pedido') throw new Error('contexto perdido');
    const u = process.cpuUsage(inicio);
    cpu[nome] += u.user + u.system;
  }
console.log(`AsyncResource.bind + uma chamada, ${N} vínculos por modo, Node ${process.versions.node}`);
const [antes] = Object.keys(modos);
for (const [nome, us] of Object.entries(cpu))
  console.log(`  ${nome}: ${(us / N).toFixed(2)} µs por vínculo (${(us / cpu[antes]).toFixed(2)}x)`);
