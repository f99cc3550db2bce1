// node tools/build.mjs && node tools/bench/regras-nota/run.cjs [repeticoes]
// CPU per 10-item NF-e (the benches' note) of the domain's rules as nfe-service runs them before the
// numbering: the old way, validarNota then calcularNota (the tax calculation made twice: once for the
// payment rules' total, once for the document), against avaliarNota (made once and kept). Blocks of
// each alternate in one process, so the ratio is fair on a noisy machine.
'use strict';
const path = require('node:path');
const dist = path.resolve(__dirname, '..', '..', '..', 'dist');
const { avaliarNota, calcularNota, preencherNota, validarNota } = require(path.join(dist, 'libs/fiscal-domain/src/index.js'));
const { notaBench } = require('../nota-bench.cjs');

const REPETICOES = Number(process.argv[2] ?? 3000);
const BLOCOS = 6;
const empresa = {
  cnpj: '11222333000181',
  razao_social: 'Empresa de Bench',
  inscricao_estadual: '111111111111',
  regime_tributario: 3,
  endereco: {
    logradouro: 'Rua B',
    numero: '2',
    bairro: 'Centro',
    municipio: 'São Paulo',
    uf: 'SP',
    cep: '01310100',
    codigo_municipio: '3550308',
  },
};
const dia = new Date();
const notas = Array.from({ length: 64 }, (_, i) => ({ ...preencherNota(notaBench(`R-${i}`), empresa, () => null).nota, serie: 1 }));

const modos = {
  'validarNota + calcularNota': (n) => {
    if (Object.keys(validarNota(n, empresa, dia)).length) throw new Error('nota do bench recusada');
    return calcularNota(n, empresa, dia);
  },
  avaliarNota: (n) => {
    const { erros, calculo } = avaliarNota(n, empresa, dia);
    if (Object.keys(erros).length) throw new Error('nota do bench recusada');
    return calculo;
  },
};
const cpu = Object.fromEntries(Object.keys(modos).map((m) => [m, 0]));
for (const f of Object.values(modos)) for (let i = 0; i < REPETICOES / 2; i++) f(notas[i % notas.length]); // JIT
for (let b = 0; b < BLOCOS; b++) {
  for (const [nome, f] of Object.entries(modos)) {
    const inicio = process.cpuUsage();
    for (let i = 0; i < REPETICOES / BLOCOS; i++) f(notas[i % notas.length]);
    const u = process.cpuUsage(inicio);
    cpu[nome] += u.user + u.system;
  }
}
const ms = (nome) => cpu[nome] / 1000 / REPETICOES;
console.log(`Regras do domínio de uma NF-e de 10 itens antes da numeração, ${REPETICOES} repetições, CPU por nota:`);
console.log(`  validarNota + calcularNota (cálculo duas vezes): ${ms('validarNota + calcularNota').toFixed(3)} ms`);
console.log(
  `  avaliarNota (cálculo uma vez):                   ${ms('avaliarNota').toFixed(3)} ms (${(ms('validarNota + calcularNota') / ms('avaliarNota')).toFixed(2)}x)`,
);
