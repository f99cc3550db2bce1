// The floor and the product, one right after the other on the same machine, so the ratio between
// them is fair however noisy the machine is (issue 19's table):
//   node tools/bench/nfe-e2e/comparar.mjs [--clientes 16] [--segundos 10] [--taxa 100] [--aquecimento 30] [--sobrecarga]
// Runs ../piso/run.mjs --nivel 5 (the path's shape with nothing fiscal in it), ../piso/run.mjs
// --nivel 6 (that shape plus the fiscal work no implementation can skip: calculate, build, sign and
// schema-check the NF-e; the authority's schema and signature checks), then ./run.mjs (the real
// system), each as its own process with its own throwaway system, and prints the three rows: notes/s
// end to end, CPU per note (all processes) and create p50/p99, and the product's ratios to both floors.
// Needs `node tools/build.mjs` first (nível 6 and the product run the built code).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const arg = (nome, padrao) => {
  const i = process.argv.indexOf(`--${nome}`);
  return i > 0 ? process.argv[i + 1] : String(padrao);
};
const CLIENTES = arg('clientes', 16);
const SEGUNDOS = arg('segundos', 10);
const TAXA = arg('taxa', 100);
const AQUECIMENTO = arg('aquecimento', 30);

function rodar(script, args) {
  console.log(`\n$ node ${path.relative(process.cwd(), script)} ${args.join(' ')}`);
  const r = spawnSync(process.execPath, [script, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(r.stdout);
  if (r.status !== 0) {
    console.error(`${path.basename(script)} terminou com código ${r.status}`);
    process.exit(1);
  }
  return r.stdout;
}

/** "CPU por nota (ms): a 1.20, b 0.30" -> the first such line's sum and its parts. */
function cpuPorNota(saida) {
  const linha = /CPU por nota \(ms\): (.*)/.exec(saida)?.[1] ?? '';
  const partes = [...linha.matchAll(/([\w-]+) ([\d.]+)/g)].map(([, nome, v]) => [nome, Number(v)]);
  return { total: partes.reduce((s, [, v]) => s + v, 0), partes };
}
const numero = (re, saida) => Number(re.exec(saida)?.[1] ?? NaN);

// The same clients, seconds and warm-up for all three, so their rows compare.
const comuns = ['--clientes', CLIENTES, '--segundos', SEGUNDOS, '--aquecimento', AQUECIMENTO];
const piso = rodar(path.join(aqui, '..', 'piso', 'run.mjs'), ['--nivel', '5', ...comuns]);
const pisoFiscal = rodar(path.join(aqui, '..', 'piso', 'run.mjs'), ['--nivel', '6', ...comuns]);
const produto = rodar(path.join(aqui, 'run.mjs'), [
  ...comuns,
  '--taxa',
  TAXA,
  ...(process.argv.includes('--sobrecarga') ? ['--sobrecarga'] : []),
]);

const linhaPiso = (nome, saida) => ({
  nome,
  notas: numero(/\/s criadas, (\d+)\/s até o fim/, saida),
  cpu: cpuPorNota(saida),
  p50: numero(/criação p50 ([\d.]+) ms/, saida),
  p99: numero(/criação p50 [\d.]+ ms\s+p99 ([\d.]+) ms/, saida),
});
const linhas = [
  linhaPiso('piso (nível 5)', piso),
  linhaPiso('piso com o trabalho fiscal (nível 6)', pisoFiscal),
  {
    nome: 'produto',
    notas: numero(/ponta a ponta: (\d+) notas\/s/, produto),
    cpu: cpuPorNota(produto),
    p50: numero(/criação: p50 ([\d.]+) ms/, produto),
    p99: numero(/criação: p50 [\d.]+ ms\s+p95 [\d.]+ ms\s+p99 ([\d.]+) ms/, produto),
  },
];
const taxa = /a (\d+) req\/s por 10 s: .*criação p50 ([\d.]+) ms\s+p99 ([\d.]+) ms/.exec(produto);

console.log(`\nComparação, ${CLIENTES} clientes, ${SEGUNDOS} s, notas de 10 itens`);
console.log('| | notas/s ponta a ponta | CPU ms por nota (todos os processos) | criação p50 / p99 (laço fechado) |');
console.log('|---|---|---|---|');
for (const l of linhas) {
  const partes = l.cpu.partes.map(([n, v]) => `${n} ${v.toFixed(2)}`).join(', ');
  console.log(`| ${l.nome} | ${l.notas} | ${l.cpu.total.toFixed(2)} (${partes}) | ${l.p50} / ${l.p99} ms |`);
}
const [p, f, q] = linhas;
console.log(
  `produto / piso: notas/s ${(q.notas / p.notas).toFixed(2)}x, CPU por nota ${(q.cpu.total / p.cpu.total).toFixed(2)}x (alvo <= 1.5x)`,
);
console.log(
  `piso com o trabalho fiscal / piso: CPU por nota ${(f.cpu.total / p.cpu.total).toFixed(2)}x (o trabalho fiscal sozinho: ${(f.cpu.total - p.cpu.total).toFixed(2)} ms por nota)`,
);
console.log(
  `produto / piso com o trabalho fiscal: notas/s ${(q.notas / f.notas).toFixed(2)}x, CPU por nota ${(q.cpu.total / f.cpu.total).toFixed(2)}x`,
);
if (taxa) console.log(`produto a ${taxa[1]} req/s (laço aberto): criação p50 ${taxa[2]} ms, p99 ${taxa[3]} ms`);
