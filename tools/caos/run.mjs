// Chaos run (issue 13): creates NF-e from several clients over several companies at a steady rate
// while killing (SIGKILL) one app after another; the same supervision as `npm start` brings each back.
// Then it checks the guarantees and prints one table: creates, terminal states, numbering gaps and
// duplicates per company, the simulator's authorized set against ours, webhooks missing or badly
// signed, and per killed app the time until it answered /health/ready again and until the next verdict.
// Loopback only, bounded in time (load + drain of at most --drenagem seconds). Exits 1 when a guarantee
// is broken. Usage:
//   node tools/caos/run.mjs [--segundos 120] [--taxa 10] [--clientes 8] [--empresas 2] [--drenagem 120]
//                           [--matar nfe-service,sefaz-adapter,webhook-dispatcher,gateway,sefaz-simulator]
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { criarBancoDescartavel } from '../bench/banco-descartavel.mjs';
import { clienteHttp } from '../bench/cliente-http.mjs';
import { empresaApta } from '../bench/empresa-apta.mjs';

const require = createRequire(import.meta.url);
const sistema = require('../sistema.cjs');
const { notaBench } = require('../bench/nota-bench.cjs');
const { Client } = require('pg');
const { connect } = require('nats');

const texto = (nome, padrao) => {
  const i = process.argv.indexOf(`--${nome}`);
  return i > 0 ? process.argv[i + 1] : padrao;
};
const numero = (nome, padrao) => Number(texto(nome, padrao));
const SEGUNDOS = numero('segundos', 120);
const TAXA = numero('taxa', 10);
const CLIENTES = numero('clientes', 8);
const EMPRESAS = numero('empresas', 2);
const DRENAGEM_S = numero('drenagem', 120);
const ALVOS = texto('matar', 'nfe-service,sefaz-adapter,webhook-dispatcher,gateway,sefaz-simulator').split(',').filter(Boolean);
const APPS = ['gateway', 'nfe-service', 'sefaz-simulator', 'sefaz-adapter', 'webhook-dispatcher'];
for (const a of ALVOS) if (!APPS.includes(a)) throw new Error(`--matar: app desconhecido ${a} (use ${APPS.join(', ')})`);
const TERMINAIS = ['autorizada', 'rejeitada', 'denegada'];
const dormir = (ms) => new Promise((r) => setTimeout(r, ms));
const agora = () => Date.now();

// --- system (the same launcher and supervision as npm start) ----------------------------------
await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], process.env);
const { verificarWebhook } = require(path.join(sistema.RAIZ, 'dist', 'libs', 'webhooks-verificador', 'src', 'index.js'));
const banco = await criarBancoDescartavel('emissor_caos');
const acDir = mkdtempSync(path.join(os.tmpdir(), 'caos-ac-'));
const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'caos', banco.id);
mkdirSync(pastaLogs, { recursive: true });
const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  DATABASE_URL: banco.url,
  NATS_NAMESPACE: `caos_${banco.id}`,
  ADMIN_TOKEN: randomBytes(16).toString('hex'),
  CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  AC_TESTE_DIR: acDir,
  SEFAZ_MODE: 'simulador',
  LIMITE_REQUISICOES_POR_SEGUNDO: '100000',
  // Quick webhook retries: a delivery lost to a killed dispatcher comes back within the run.
  WEBHOOK_RETRY_SCHEDULE: '1,2,5,10,20,30',
  DB_POOL_MAX: '6',
};
await sistema.migrar(env);
const portas = {};
for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();
const logs = new Map();
const saida = (app, linha) => {
  if (!logs.has(app)) logs.set(app, createWriteStream(path.join(pastaLogs, `${app}.log`), { flags: 'a' }));
  logs.get(app).write(`${linha}\n`);
};
const processos = await sistema.iniciarApps({ env, portas, apps: APPS, saida });
const reinicios = [];
const supervisao = sistema.supervisionar(processos, {
  avisar: (m) => reinicios.push(`${new Date().toISOString()} ${m}`),
  desistir: (nome, erro) => reinicios.push(`DESISTIU ${nome}: ${erro.message}`),
});
const http = clienteHttp(`http://127.0.0.1:${portas.gateway}`);
const pg = new Client({ connectionString: banco.url });
await pg.connect();

// --- webhook receiver --------------------------------------------------------------------------
const entregas = [];
const chaves = new Map(); // company cnpj -> signing key
const receptor = createServer((req, res) => {
  const partes = [];
  req.on('data', (p) => partes.push(p));
  req.on('end', () => {
    const corpo = Buffer.concat(partes);
    entregas.push({ cnpj: req.url.slice(1), cabecalhos: req.headers, corpo });
    res.writeHead(200).end();
  });
});
await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
const portaReceptor = receptor.address().port;

// --- provisioning ------------------------------------------------------------------------------
const conta = (await http('POST', '/admin/v1/contas', { nome: 'caos' }, { authorization: `Bearer ${env.ADMIN_TOKEN}` })).corpo;
const auth = `Basic ${Buffer.from(`${conta.credenciais.producao.api_key}:${conta.credenciais.producao.api_secret}`).toString('base64')}`;
const cnpjs = [];
for (let e = 0; e < EMPRESAS; e++) {
  const cnpj = await empresaApta(http, auth, acDir, { razao: `Caos ${e} LTDA`, senha: 'caos' });
  const w = await http(
    'POST',
    '/conta/v1/webhooks',
    { url: `http://127.0.0.1:${portaReceptor}/${cnpj}` },
    { authorization: auth, 'x-empresa-cnpj': cnpj },
  );
  if (w.status !== 201) throw new Error(`webhook: ${w.status} ${JSON.stringify(w.corpo)}`);
  chaves.set(cnpj, w.corpo.chave_seguranca);
  cnpjs.push(cnpj);
}

// --- load and kills ----------------------------------------------------------------------------
let seq = 0;
// One item: the chaos run is about crashes, not fiscal work.
const nota = () => notaBench(`CAOS-${++seq}`, 1);
const criadas = []; // { uuid, cnpj }
const respostas = new Map(); // status -> count
let pendentes = 0;
const inicio = agora();
const fimCarga = inicio + SEGUNDOS * 1000;
const intervalo = 1000 / TAXA;

async function uma(cliente) {
  const cnpj = cnpjs[cliente % cnpjs.length];
  pendentes++;
  try {
    const r = await http('POST', '/nfe/v1/notas', nota(), { authorization: auth, 'x-empresa-cnpj': cnpj });
    respostas.set(r.status, (respostas.get(r.status) ?? 0) + 1);
    if (r.status === 201) criadas.push({ uuid: r.corpo.uuid, cnpj });
  } catch {
    respostas.set('rede', (respostas.get('rede') ?? 0) + 1);
  } finally {
    pendentes--;
  }
}

const mortes = [];
async function matar(nome, quando) {
  await dormir(Math.max(0, quando - agora()));
  const p = processos.find((x) => x.nome === nome);
  const pidAntigo = p.processo.pid;
  const morte = agora();
  p.processo.kill('SIGKILL');
  let prontoEm = null;
  while (agora() - morte < 120_000) {
    try {
      const r = await fetch(`http://127.0.0.1:${p.porta}/health/ready`);
      const corpo = await r.json();
      if (r.ok && corpo.pid && corpo.pid !== pidAntigo) {
        prontoEm = agora();
        break;
      }
    } catch {
      /* down */
    }
    await dormir(100);
  }
  mortes.push({ nome, morte, prontoEm });
}

const execucoesMortes = ALVOS.map((nome, i) => matar(nome, inicio + ((i + 1) * SEGUNDOS * 1000) / (ALVOS.length + 1)));
// Verdicts over time (terminal count every 250 ms): the time to the next verdict after each kill.
const linhaDoTempo = [];
let amostrando = true;
const amostragem = (async () => {
  while (amostrando) {
    const { rows } = await pg
      .query(`SELECT count(*)::int AS n FROM nfe.notas WHERE situacao = ANY($1)`, [TERMINAIS])
      .catch(() => ({ rows: [{ n: null }] }));
    if (rows[0].n !== null) linhaDoTempo.push({ t: agora(), n: rows[0].n });
    await dormir(250);
  }
})();

let proxima = inicio;
let cliente = 0;
while (agora() < fimCarga) {
  if (pendentes < CLIENTES * 4) void uma(cliente++ % CLIENTES);
  proxima += intervalo;
  await dormir(Math.max(0, proxima - agora()));
}
while (pendentes > 0) await dormir(50);
await Promise.all(execucoesMortes);

// --- drain ---------------------------------------------------------------------------------------
const uuids = criadas.map((c) => c.uuid);
const limiteDrenagem = agora() + DRENAGEM_S * 1000;
let estados = [];
for (;;) {
  ({ rows: estados } = await pg.query('SELECT situacao, count(*)::int AS n FROM nfe.notas WHERE id = ANY($1) GROUP BY situacao', [uuids]));
  const terminais = estados.filter((e) => TERMINAIS.includes(e.situacao)).reduce((t, e) => t + e.n, 0);
  if (terminais === uuids.length || agora() > limiteDrenagem) break;
  await dormir(500);
}
const drenagemMs = agora() - fimCarga;
// Webhooks of the verdicts: up to 30 s more for retries.
const { rows: vereditos } = await pg.query(`SELECT id, situacao FROM nfe.notas WHERE id = ANY($1) AND situacao = ANY($2)`, [
  uuids,
  TERMINAIS,
]);
const esperados = new Set(
  vereditos.map((v) => `${v.id}:nfe_${v.situacao === 'autorizada' ? 'autorizada' : v.situacao === 'rejeitada' ? 'rejeitada' : 'denegada'}`),
);
const recebidos = () => {
  const vistos = new Set();
  let invalidas = 0;
  for (const e of entregas) {
    const v = verificarWebhook({
      chave: chaves.get(e.cnpj),
      assinatura: e.cabecalhos['x-webhook-signature'],
      timestamp: e.cabecalhos['x-webhook-timestamp'],
      corpo: e.corpo,
      toleranciaS: 3600,
    });
    if (!v.valido) {
      invalidas++;
      continue;
    }
    const corpo = JSON.parse(e.corpo.toString('utf8'));
    vistos.add(`${corpo.uuid}:${e.cabecalhos['x-webhook-event']}`);
  }
  return { faltando: [...esperados].filter((k) => !vistos.has(k)).length, invalidas };
};
const limiteWebhooks = agora() + 30_000;
while (recebidos().faltando > 0 && agora() < limiteWebhooks) await dormir(500);
amostrando = false;
await amostragem;

// --- checks ------------------------------------------------------------------------------------
const { rows: numeracao } = await pg.query(
  `SELECT e.cnpj, count(*)::int AS n, count(DISTINCT n.numero)::int AS distintos, min(n.numero) AS minimo, max(n.numero) AS maximo
     FROM nfe.notas n JOIN cadastro.empresas e ON e.id = n.empresa_id GROUP BY e.cnpj, n.serie, n.ambiente_numeracao`,
);
const {
  rows: [autoridade],
} = await pg.query(
  `SELECT (SELECT count(*)::int FROM sefaz_simulador.notas s WHERE NOT EXISTS (SELECT 1 FROM nfe.notas n WHERE n.chave_acesso = s.chave AND n.situacao IN ('autorizada', 'denegada'))) AS so_no_simulador,
          (SELECT count(*)::int FROM nfe.notas n WHERE n.situacao IN ('autorizada', 'denegada') AND NOT EXISTS (SELECT 1 FROM sefaz_simulador.notas s WHERE s.chave = n.chave_acesso)) AS so_em_nos`,
);
const webhooks = recebidos();
const ate = (t) => (t === null || t === undefined ? 'nunca' : `${(t / 1000).toFixed(1)} s`);
/** The longest stretch without a new verdict in the 30 s after a kill (sampled every 250 ms). */
const maiorPausa = (morte) => {
  const janela = linhaDoTempo.filter((a) => a.t >= morte && a.t <= morte + 30_000);
  let ultimaMudanca = morte;
  let maior = 0;
  for (let i = 1; i < janela.length; i++) {
    if (janela[i].n > janela[i - 1].n) {
      maior = Math.max(maior, janela[i].t - ultimaMudanca);
      ultimaMudanca = janela[i].t;
    }
  }
  return janela.length ? Math.max(maior, janela.at(-1).t - ultimaMudanca) : null;
};

const totalCriadas = uuids.length;
const terminais = estados.filter((e) => TERMINAIS.includes(e.situacao)).reduce((t, e) => t + e.n, 0);
const lacunas = numeracao.reduce((t, r) => t + (r.maximo - r.minimo + 1 - r.distintos) + (r.minimo > 1 ? r.minimo - 1 : 0), 0);
const duplicadas = numeracao.reduce((t, r) => t + (r.n - r.distintos), 0);
// 503/504 while a service is down are the contract's answers; a 500 is a defect.
const erros500 = respostas.get(500) ?? 0;

console.log(`\nCaos: ${SEGUNDOS} s a ${TAXA} req/s, ${CLIENTES} clientes, ${EMPRESAS} empresas; mortos (kill -9): ${ALVOS.join(', ')}\n`);
console.log('| medida | valor |');
console.log('|---|---|');
console.log(
  `| requisições de criação | ${[...respostas.values()].reduce((a, b) => a + b, 0)} (${[...respostas].map(([s, n]) => `${s}: ${n}`).join(', ')}) |`,
);
console.log(`| notas criadas (201) | ${totalCriadas} |`);
console.log(`| em estado terminal | ${terminais} (${estados.map((e) => `${e.situacao}: ${e.n}`).join(', ')}) |`);
console.log(`| drenagem após a carga | ${ate(drenagemMs)} |`);
console.log(`| lacunas de numeração | ${lacunas} |`);
console.log(`| números duplicados | ${duplicadas} |`);
console.log(`| autorizadas só no simulador / só em nós | ${autoridade.so_no_simulador} / ${autoridade.so_em_nos} |`);
console.log(`| webhooks de veredito faltando | ${webhooks.faltando} de ${esperados.size} |`);
console.log(`| entregas com assinatura inválida | ${webhooks.invalidas} de ${entregas.length} |`);
console.log('\n| app morto | de volta (/health/ready) | maior pausa sem veredito nos 30 s seguintes |');
console.log('|---|---|---|');
for (const m of mortes) console.log(`| ${m.nome} | ${m.prontoEm ? ate(m.prontoEm - m.morte) : 'nunca'} | ${ate(maiorPausa(m.morte))} |`);
if (reinicios.length) console.log(`\nsupervisão:\n  ${reinicios.join('\n  ')}`);
console.log(`\nlogs dos apps: ${pastaLogs}`);

const violacoes = [
  terminais !== totalCriadas && `${totalCriadas - terminais} notas sem estado terminal`,
  lacunas && `${lacunas} lacunas`,
  duplicadas && `${duplicadas} duplicadas`,
  (autoridade.so_no_simulador || autoridade.so_em_nos) && 'conjunto autorizado diverge do simulador',
  webhooks.faltando && `${webhooks.faltando} webhooks faltando`,
  webhooks.invalidas && `${webhooks.invalidas} assinaturas inválidas`,
  mortes.some((m) => !m.prontoEm) && 'app que não voltou',
  erros500 && `${erros500} respostas 500`,
].filter(Boolean);
console.log(violacoes.length ? `\nVIOLAÇÕES: ${violacoes.join('; ')}` : '\nnenhuma garantia violada');

// --- teardown ----------------------------------------------------------------------------------
supervisao.parar();
await sistema.pararApps(processos);
for (const l of logs.values()) l.end();
receptor.close();
await pg.end();
const nc = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const jsm = await nc.jetstreamManager();
for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${env.NATS_NAMESPACE}_`)) await jsm.streams.delete(s.config.name);
await nc.close();
await banco.descartar();
rmSync(acDir, { recursive: true, force: true });
process.exit(violacoes.length ? 1 : 0);
