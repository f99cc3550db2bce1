// NF-e end to end: N concurrent clients create 10-item notes through the gateway and the system
// takes each to its SEFAZ verdict (simulator). Prints notes/s end to end, create latency p50/p95/p99,
// time-to-verdict p50/p99, then create latency at a fixed rate (default 200 req/s), with every answer
// counted (created, refused 503/429, other) and how many came back within 1 s.
// Starts its own system (throwaway database and NATS namespace). Usage:
//   node tools/bench/nfe-e2e/run.mjs [--clientes 32] [--segundos 20] [--taxa 200] [--empresas 1] [--aquecimento 30] [--contingencia [--queda-segundos 20]] [--sobrecarga]
// --aquecimento: seconds of closed loop before phase 1, until the JIT has compiled what a note runs
// (README, "Warm-up"); its notes get their verdicts before phase 1 starts.
// --contingencia adds a phase where the companies' authorizer (SP) goes down after half a run (decisions §9)
// for --queda-segundos (default: the larger of 20 s and a quarter of the run), then half a run more.
// --sobrecarga adds 30 s of open loop at twice the end-to-end capacity of phase 1, then waits for the
// backlog to drain and compares the notes stored with the 201s received (nothing accepted is lost).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { criarBancoDescartavel } from '../banco-descartavel.mjs';
import { clienteHttp } from '../cliente-http.mjs';
import { empresaApta } from '../empresa-apta.mjs';
import { cpuDe, cpuDoComando, cpuProprio } from '../cpu.mjs';

const require = createRequire(import.meta.url);
const sistema = require('../../sistema.cjs');
const { notaBench } = require('../nota-bench.cjs');
const { Client } = require('pg');

const arg = (nome, padrao) => {
  const i = process.argv.indexOf(`--${nome}`);
  return i > 0 ? Number(process.argv[i + 1]) : padrao;
};
const CLIENTES = arg('clientes', 32);
const SEGUNDOS = arg('segundos', 20);
const TAXA = arg('taxa', 200);
const EMPRESAS = arg('empresas', 1);
const AQUECIMENTO = arg('aquecimento', 30);
const CONTINGENCIA = process.argv.includes('--contingencia');
const SOBRECARGA = process.argv.includes('--sobrecarga');
// Finding the outage takes a failed call, two failed status probes (1 s, then 2 s later) and the SVC's
// probe, then the switch reaches nfe-service: seconds before the first SVC key. The outage lasts long
// enough for SVC to carry the load for most of it.
const QUEDA_SEGUNDOS = arg('queda-segundos', Math.max(20, SEGUNDOS / 4));

const pct = (v, p) => {
  if (!v.length) return NaN;
  const o = [...v].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.ceil((p / 100) * o.length) - 1)];
};
const ms = (x) => `${x.toFixed(1)} ms`;

// --- system -------------------------------------------------------------------------------------
const bancoDescartavel = await criarBancoDescartavel();
const { id, url } = bancoDescartavel;
const acDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ac-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATABASE_URL: url,
  NATS_NAMESPACE: `bench_${id}`,
  ADMIN_TOKEN: randomBytes(16).toString('hex'),
  CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  AC_TESTE_DIR: acDir,
  SEFAZ_MODE: 'simulador',
  LIMITE_REQUISICOES_POR_SEGUNDO: '100000',
  DB_POOL_MAX: process.env.DB_POOL_MAX ?? '8',
  // NODE_ENV=production requires the responsável técnico (decisions §8) and refuses the development
  // placeholders (their CNPJ, a reserved e-mail domain): a well-formed stand-in for this throwaway system.
  RESPONSAVEL_TECNICO_CNPJ: '11444777000161',
  RESPONSAVEL_TECNICO_CONTATO: 'Equipe de desenvolvimento',
  RESPONSAVEL_TECNICO_EMAIL: 'bench@emissor.com.br',
  RESPONSAVEL_TECNICO_FONE: '11999999999',
};
await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], env);
await sistema.migrar(env);
const portas = {};
for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();
// Only what an NF-e needs: the gateway, nfe-service, the SEFAZ adapter and its simulator.
const processos = await sistema.iniciarApps({
  env,
  portas,
  apps: ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter'],
  saida: () => undefined,
});
const URL_BASE = `http://127.0.0.1:${portas.gateway}`;

const http = clienteHttp(URL_BASE);
// The open loop must not queue inside the client: a pool as large as the requests a phase can have in
// flight, so every request reaches the gateway when its time comes and the server is what answers.
const httpLacoAberto = clienteHttp(URL_BASE, { conexoes: 4096 });

// --- provisioning -------------------------------------------------------------------------------
const conta = (await http('POST', '/admin/v1/contas', { nome: 'bench' }, { authorization: `Bearer ${env.ADMIN_TOKEN}` })).corpo;
const auth = `Basic ${Buffer.from(`${conta.credenciais.producao.api_key}:${conta.credenciais.producao.api_secret}`).toString('base64')}`;
const cnpjs = [];
for (let e = 0; e < EMPRESAS; e++) cnpjs.push(await empresaApta(http, auth, acDir, { razao: `Bench ${e} LTDA` }));

let seq = 0;
const nota = () => notaBench(`B-${++seq}`);
const criar = async (cliente = http) => {
  const inicio = performance.now();
  const cnpj = cnpjs[seq % cnpjs.length];
  try {
    const r = await cliente('POST', '/nfe/v1/notas', nota(), { authorization: auth, 'x-empresa-cnpj': cnpj });
    return { ms: performance.now() - inicio, status: r.status, uuid: r.corpo?.uuid, retryAfter: r.cabecalhos?.['retry-after'] };
  } catch (erro) {
    // Past saturation the client itself gives up (connect timeout): counted as an error, not a crash.
    return { ms: performance.now() - inicio, status: 0, erro: erro.code ?? erro.message };
  }
};

const bancoBench = new Client({ connectionString: url });
await bancoBench.connect();
const terminais = async (desde) =>
  (
    await bancoBench.query(
      `SELECT count(*)::int AS n FROM nfe.notas WHERE criado_em >= $1 AND situacao IN ('autorizada','rejeitada','denegada')`,
      [desde],
    )
  ).rows[0].n;

const pendentesAgora = async () =>
  (await bancoBench.query(`SELECT count(*)::int AS n FROM nfe.notas WHERE situacao IN ('pendente','em_processamento')`)).rows[0].n;
/** Waits until no note waits for its verdict (or `limiteMs` passed); how long it took and how many are left. */
const drenar = async (limiteMs) => {
  const inicio = Date.now();
  while ((await pendentesAgora()) > 0 && Date.now() - inicio < limiteMs) await new Promise((r) => setTimeout(r, 250));
  return { segundos: (Date.now() - inicio) / 1000, restantes: await pendentesAgora() };
};

/** `CLIENTES` clients, each creating a note after the other's answer, for `segundos`: the 201s' latencies and the other answers. */
const lacoFechado = async (segundos) => {
  const latencias = [];
  let erros = 0;
  const fim = performance.now() + segundos * 1000;
  await Promise.all(
    Array.from({ length: CLIENTES }, async () => {
      while (performance.now() < fim) {
        const r = await criar();
        if (r.status === 201) latencias.push(r.ms);
        else erros++;
      }
    }),
  );
  return { latencias, erros };
};

// Warm-up: the JIT (the apps' code, the XSD workers' WebAssembly), connection pools, the companies'
// parsed certificates. A closed loop as phase 1's, then every note of it taken to its verdict, so phase 1
// measures the system as it runs for days: neither compiling nor carrying the warm-up's backlog.
await lacoFechado(Math.max(1, AQUECIMENTO));
await drenar(120_000);

// CPU per process over the phase: where a note's cost goes (see ../cpu.mjs).
const amostrarCpu = () => {
  const r = Object.fromEntries(processos.map((p) => [p.nome, cpuDe(p.processo.pid)]));
  r.postgres = cpuDoComando('postgres');
  r['nats-server'] = cpuDoComando('nats-server');
  r.bench = cpuProprio();
  return r;
};

// --- phase 1: closed loop, N clients ------------------------------------------------------------
const cpuAntes = amostrarCpu();
const inicioFase = new Date();
const t0 = performance.now();
const { latencias, erros } = await lacoFechado(SEGUNDOS);
const criadas = latencias.length;
while ((await terminais(inicioFase)) < criadas && performance.now() - t0 < (SEGUNDOS + 120) * 1000)
  await new Promise((r) => setTimeout(r, 100));
const { rows: veredictos } = await bancoBench.query(
  `SELECT extract(epoch FROM (atualizado_em - criado_em)) * 1000 AS ms, atualizado_em FROM nfe.notas WHERE criado_em >= $1 AND situacao IN ('autorizada','rejeitada','denegada')`,
  [inicioFase],
);
const cpuDepois = amostrarCpu();
const ultimo = Math.max(...veredictos.map((v) => new Date(v.atualizado_em).getTime()));
const duracaoFim = (ultimo - inicioFase.getTime()) / 1000;

console.log(
  `NF-e ponta a ponta, ${CLIENTES} clientes, ${SEGUNDOS} s, ${EMPRESAS} empresa(s), notas de 10 itens (${os.cpus().length} núcleos)`,
);
console.log(`  criadas: ${criadas} (${(criadas / SEGUNDOS).toFixed(0)}/s), erros: ${erros}`);
console.log(`  com veredicto: ${veredictos.length}; ponta a ponta: ${(veredictos.length / duracaoFim).toFixed(0)} notas/s`);
console.log(`  criação: p50 ${ms(pct(latencias, 50))}  p95 ${ms(pct(latencias, 95))}  p99 ${ms(pct(latencias, 99))}`);
console.log(
  `  tempo até o veredicto: p50 ${ms(
    pct(
      veredictos.map((v) => Number(v.ms)),
      50,
    ),
  )}  p99 ${ms(
    pct(
      veredictos.map((v) => Number(v.ms)),
      99,
    ),
  )}`,
);
// PostgreSQL's figure counts its other clients too (other databases on this machine), so read it on a quiet machine.
const porNota = Object.entries(cpuDepois).map(
  ([nome, fim]) => `${nome} ${(((fim - cpuAntes[nome]) * 1000) / Math.max(1, veredictos.length)).toFixed(1)}`,
);
console.log(`  CPU por nota (ms): ${porNota.join(', ')}`);

// --- phase 2: open loop at a fixed rate ---------------------------------------------------------
/**
 * Sends creates at `taxa` per second for `duracaoMs` whatever the answers do (open loop), and sums up
 * every answer: created, refused by admission (503/429 with Retry-After), anything else; latency of the
 * created ones and of all answers; how many came back within 1 s.
 */
async function lacoAberto(taxa, duracaoMs) {
  const respostas = [];
  const inicio = performance.now();
  const pendentes = [];
  for (let i = 0; performance.now() - inicio < duracaoMs; i++) {
    const alvo = inicio + (i * 1000) / taxa;
    const espera = alvo - performance.now();
    if (espera > 0) await new Promise((r) => setTimeout(r, espera));
    const enviadaEm = performance.now() - inicio;
    pendentes.push(criar(httpLacoAberto).then((r) => respostas.push({ ...r, enviadaEm })));
  }
  await Promise.all(pendentes);
  if (process.env.BENCH_LATENCIAS) {
    // Every answer of the open loop (sent at, ms, status), to see when the slow ones came.
    const arquivo = `${process.env.BENCH_LATENCIAS}-${taxa}.json`;
    writeFileSync(arquivo, JSON.stringify(respostas.map((r) => [Math.round(r.enviadaEm), Number(r.ms.toFixed(1)), r.status])));
  }
  const criadas = respostas.filter((r) => r.status === 201);
  const recusadas = respostas.filter((r) => r.status === 503 || r.status === 429);
  const outras = respostas.length - criadas.length - recusadas.length;
  const todas = respostas.map((r) => r.ms);
  return {
    enviadas: respostas.length,
    criadas: criadas.length,
    recusadas: recusadas.length,
    recusadasSemRetryAfter: recusadas.filter((r) => !r.retryAfter).length,
    outras,
    latCriadas: criadas.map((r) => r.ms),
    emAteUmSegundo: todas.filter((x) => x <= 1000).length / Math.max(1, todas.length),
    p99Todas: pct(todas, 99),
    maxima: Math.max(...todas),
  };
}
const resumoLaco = (r) =>
  `${r.enviadas} enviadas: ${r.criadas} criadas, ${r.recusadas} recusadas (503/429${r.recusadasSemRetryAfter ? `, ${r.recusadasSemRetryAfter} sem Retry-After` : ''}), ${r.outras} outras; ` +
  `criação p50 ${ms(pct(r.latCriadas, 50))}  p99 ${ms(pct(r.latCriadas, 99))}; todas as respostas: ${(r.emAteUmSegundo * 100).toFixed(1)} % em até 1 s, p99 ${ms(r.p99Todas)}, máxima ${ms(r.maxima)}`;

const fase2 = await lacoAberto(TAXA, 10_000);
console.log(`  a ${TAXA} req/s por 10 s: ${resumoLaco(fase2)}`);

// --- overload (--sobrecarga): open loop at twice the end-to-end capacity just measured, for 30 s ---
if (SOBRECARGA) {
  await drenar(180_000);
  const capacidade = veredictos.length / duracaoFim;
  const taxa = Math.max(1, Math.round(2 * capacidade));
  const inicioSobrecarga = new Date();
  const r = await lacoAberto(taxa, 30_000);
  console.log(`  sobrecarga: ${taxa} req/s (2x a capacidade medida, ${capacidade.toFixed(0)} notas/s) por 30 s: ${resumoLaco(r)}`);
  const drenagem = await drenar(300_000);
  const segundosRajada = (Date.now() - inicioSobrecarga.getTime()) / 1000;
  const { rows } = await bancoBench.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE situacao IN ('autorizada','rejeitada','denegada'))::int AS terminais FROM nfe.notas WHERE criado_em >= $1`,
    [inicioSobrecarga],
  );
  console.log(
    `    depois da rajada: fila drenada em ${drenagem.segundos.toFixed(1)} s (${drenagem.restantes} ainda pendentes); ` +
      `notas gravadas ${rows[0].total} (201 recebidos: ${r.criadas}), com veredicto ${rows[0].terminais}`,
  );
  // Past saturation every create waits in a batch as large as the counter allows: this is the capacity
  // the closed loop's 16 clients, each waiting for its answer, do not reach.
  console.log(
    `    ponta a ponta da rajada até a fila drenada: ${(rows[0].terminais / segundosRajada).toFixed(0)} notas/s ` +
      `(${rows[0].terminais} veredictos em ${segundosRajada.toFixed(1)} s)`,
  );
}

// --- phase 3 (--contingencia): SP down for QUEDA_SEGUNDOS after half a run, then half a run more ---
if (CONTINGENCIA) {
  // Phase 2 may leave a backlog past saturation: drained first, so the outage is measured on a system
  // that keeps up, not behind a queue of earlier verdicts.
  await drenar(180_000);
  const controle = (metodo, caminho, corpo) =>
    fetch(`http://127.0.0.1:${portas['sefaz-simulator']}${caminho}`, {
      method: metodo,
      headers: { 'content-type': 'application/json' },
      body: corpo && JSON.stringify(corpo),
    });
  const sondagens = async () => {
    const texto = await (await fetch(`http://127.0.0.1:${portas['sefaz-adapter']}/metrics`)).text();
    const soma = (resultado) =>
      [...texto.matchAll(new RegExp(`^emissor_autorizador_sondagens_total\\{[^}]*resultado="${resultado}"[^}]*\\} (\\d+)`, 'gm'))].reduce(
        (s, m) => s + Number(m[1]),
        0,
      );
    return { enviadas: soma('enviada'), svc: soma('svc'), evitadas: soma('evitada'), vigilancia: soma('vigilancia') };
  };
  const metade = (SEGUNDOS * 1000) / 2;
  const queda = QUEDA_SEGUNDOS * 1000;
  const inicio = Date.now();
  const marcos = { queda: inicio + metade, volta: inicio + metade + queda, fim: inicio + 2 * metade + queda };
  const criadasFase = [];
  let sondagensQueda = null;
  const relogioQueda = setTimeout(async () => {
    sondagensQueda = await sondagens();
    await controle('POST', '/controle/falhas', { tipo: 'fora_do_ar', autorizador: 'SP', duracao_ms: queda });
  }, marcos.queda - Date.now());
  const sondagensVolta = new Promise((resolver) => setTimeout(async () => resolver(await sondagens()), marcos.volta - Date.now() + 50));
  await Promise.all(
    Array.from({ length: CLIENTES }, async () => {
      while (Date.now() < marcos.fim) {
        const criadaEm = Date.now();
        const r = await criar();
        if (r.status === 201) criadasFase.push({ uuid: r.uuid, criadaEm });
      }
    }),
  );
  clearTimeout(relogioQueda);
  const naVolta = await sondagensVolta;
  const limite = Date.now() + 180_000;
  const uuids = criadasFase.map((c) => c.uuid);
  while (
    (
      await bancoBench.query(
        `SELECT count(*)::int AS n FROM nfe.notas WHERE id = ANY($1) AND situacao IN ('autorizada','rejeitada','denegada')`,
        [uuids],
      )
    ).rows[0].n < uuids.length &&
    Date.now() < limite
  ) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const { rows } = await bancoBench.query(
    `SELECT id, substr(chave_acesso, 35, 1) AS tp_emis, situacao, extract(epoch FROM (atualizado_em - criado_em)) * 1000 AS ms, atualizado_em FROM nfe.notas WHERE id = ANY($1)`,
    [uuids],
  );
  const porId = new Map(rows.map((r) => [r.id, r]));
  const s = (t) => ((t - inicio) / 1000).toFixed(0);
  console.log(
    `  contingência (${((marcos.fim - inicio) / 1000).toFixed(0)} s; SP fora do ar de ${s(marcos.queda)} s a ${s(marcos.volta)} s):`,
  );
  for (const [nome, de, ate] of [
    ['antes', inicio, marcos.queda],
    ['durante', marcos.queda, marcos.volta],
    ['depois', marcos.volta, marcos.fim],
  ]) {
    const notas = criadasFase
      .filter((c) => c.criadaEm >= de && c.criadaEm < ate)
      .map((c) => porId.get(c.uuid))
      .filter(Boolean);
    const finais = notas.filter((n) => ['autorizada', 'rejeitada', 'denegada'].includes(n.situacao));
    const ultimo = Math.max(de, ...finais.map((n) => new Date(n.atualizado_em).getTime()));
    const svc = notas.filter((n) => n.tp_emis !== '1').length;
    const tempos = finais.map((n) => Number(n.ms));
    console.log(
      `    ${nome}: ${notas.length} criadas (${((notas.length * 1000) / (ate - de)).toFixed(0)}/s), ${finais.length} com veredicto (${((finais.length * 1000) / Math.max(1, ultimo - de)).toFixed(0)} notas/s), ` +
        `${svc} em SVC; veredicto p50 ${ms(pct(tempos, 50))}  p99 ${ms(pct(tempos, 99))}`,
    );
  }
  // How long SVC took to take over, and to hand back: the first SVC key after the fault, the first normal one after the return.
  const ordenadas = criadasFase
    .map((c) => ({ ...c, n: porId.get(c.uuid) }))
    .filter((c) => c.n)
    .sort((a, b) => a.criadaEm - b.criadaEm);
  const primeiraSvc = ordenadas.find((c) => c.criadaEm >= marcos.queda && c.n.tp_emis !== '1');
  const primeiraNormal = ordenadas.find((c) => c.criadaEm >= marcos.volta && c.n.tp_emis === '1');
  console.log(
    `    SVC em vigor ${primeiraSvc ? `${((primeiraSvc.criadaEm - marcos.queda) / 1000).toFixed(1)} s depois da queda` : 'nunca'}; ` +
      `emissão normal ${primeiraNormal ? `${((primeiraNormal.criadaEm - marcos.volta) / 1000).toFixed(1)} s depois da volta` : 'não voltou durante a fase'}`,
  );
  if (sondagensQueda) {
    console.log(
      `    sondagens de status durante a queda: ${naVolta.enviadas - sondagensQueda.enviadas} ao autorizador, ${naVolta.svc - sondagensQueda.svc} à SVC, ` +
        `${naVolta.vigilancia - sondagensQueda.vigilancia} de vigilância (${naVolta.evitadas - sondagensQueda.evitadas} comandos aguardaram em vez de sondar)`,
    );
  }
}

await bancoBench.end();
await sistema.pararApps(processos);
await bancoDescartavel.descartar({ manter: process.env.BENCH_MANTER_BANCO === '1' });
rmSync(acDir, { recursive: true, force: true });
