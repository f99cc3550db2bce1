// Starts and stops the whole system as separate processes: used by `npm start` and by the
// integration tests (which start one system per test run, on free ports, in their own database
// and NATS namespace). Plain CommonJS so both an ESM script and Jest can require it.
'use strict';
const { spawn } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const RAIZ = path.resolve(__dirname, '..');

/**
 * Every app, its default port (HTTP: public API in the gateway, health/metrics elsewhere), and
 * `extras`: further ports it listens on, as env var -> default (a simulator's TLS port).
 */
const APPS = [
  { nome: 'gateway', porta: 3000 },
  { nome: 'nfe-service', porta: 3101 },
  { nome: 'nfse-service', porta: 3102 },
  { nome: 'sefaz-simulator', porta: 3201, extras: { PORTA_TLS: 3443 } },
  { nome: 'sefaz-adapter', porta: 3103 },
  { nome: 'municipal-simulator', porta: 3202, extras: { PORTA_TLS: 3444 } },
  { nome: 'municipal-adapter', porta: 3104 },
  { nome: 'webhook-dispatcher', porta: 3105 },
];

/**
 * Settings one app derives from another's ports (the adapter reaches the simulator's TLS port).
 * `portas` holds every resolved port, keyed by app name and by `app:VAR` for extras.
 */
function ambienteDerivado(portas) {
  const env = {};
  if (portas['sefaz-simulator:PORTA_TLS']) env.SEFAZ_SIMULADOR_URL = `https://127.0.0.1:${portas['sefaz-simulator:PORTA_TLS']}`;
  if (portas['sefaz-simulator']) env.SEFAZ_SIMULADOR_CONTROLE_URL = `http://127.0.0.1:${portas['sefaz-simulator']}`;
  if (portas['municipal-simulator:PORTA_TLS']) env.MUNICIPIO_SIMULADOR_URL = `https://127.0.0.1:${portas['municipal-simulator:PORTA_TLS']}`;
  if (portas['municipal-simulator']) env.MUNICIPIO_SIMULADOR_CONTROLE_URL = `http://127.0.0.1:${portas['municipal-simulator']}`;
  return env;
}

/** Default ports of every app and extra, overridden by `portas`. */
function resolverPortas(portas = {}) {
  const todas = {};
  for (const app of APPS) {
    todas[app.nome] = portas[app.nome] ?? app.porta;
    for (const [variavel, padrao] of Object.entries(app.extras ?? {})) {
      todas[`${app.nome}:${variavel}`] = portas[`${app.nome}:${variavel}`] ?? padrao;
    }
  }
  return todas;
}

const arquivoApp = (nome, entrada = 'main') => path.join(RAIZ, 'dist', 'apps', nome, 'src', `${entrada}.js`);

/**
 * Ports for started systems come from below the kernel's ephemeral range (32768-60999 here), so an
 * outgoing connection (to PostgreSQL, NATS, a simulator) cannot take a port between our pick and the
 * app's listen; a port is never handed out twice by one process (two apps of one system once got the
 * same port from listen(0)); the start point is random so parallel processes rarely meet, and
 * `esperarPronto` catches the rare meeting (another pid answers) for the caller to retry.
 */
const FAIXA_PORTAS = { inicio: 20000, fim: 32000 };
const portasEntregues = new Set();
let proximaPorta = FAIXA_PORTAS.inicio + Math.floor(Math.random() * (FAIXA_PORTAS.fim - FAIXA_PORTAS.inicio));

function portaAceitaEscuta(porta) {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(porta, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

async function portaLivre() {
  const total = FAIXA_PORTAS.fim - FAIXA_PORTAS.inicio;
  for (let tentativa = 0; tentativa < total; tentativa++) {
    const porta = proximaPorta;
    proximaPorta = porta + 1 >= FAIXA_PORTAS.fim ? FAIXA_PORTAS.inicio : porta + 1;
    if (portasEntregues.has(porta)) continue;
    if (!(await portaAceitaEscuta(porta))) continue;
    portasEntregues.add(porta);
    return porta;
  }
  throw new Error(`nenhuma porta livre entre ${FAIXA_PORTAS.inicio} e ${FAIXA_PORTAS.fim}`);
}

function alcancavel(host, porta, tempoMs = 1000) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port: porta });
    const fim = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(tempoMs, () => fim(false));
    s.once('connect', () => fim(true));
    s.once('error', () => fim(false));
  });
}

function executar(comando, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(comando, args, { cwd: RAIZ, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let saida = '';
    p.stdout.on('data', (d) => (saida += d));
    p.stderr.on('data', (d) => (saida += d));
    p.on('exit', (codigo) =>
      codigo === 0 ? resolve(saida) : reject(new Error(`${comando} ${args.join(' ')} saiu com ${codigo}:\n${saida}`)),
    );
  });
}

/** Applies every app's migrations (each to its own schema), one after the other, in one process (tools/migrate.mjs); its lines. */
async function migrar(env) {
  const saida = await executar(process.execPath, [path.join(RAIZ, 'tools', 'migrate.mjs')], env);
  return saida.trim().split('\n');
}

async function esperarPronto(url, processo, tempoLimiteMs, nome = url) {
  const limite = Date.now() + tempoLimiteMs;
  while (Date.now() < limite) {
    if (processo.exitCode !== null) throw new Error(`${nome} saiu com código ${processo.exitCode} antes de ficar pronto (${url})`);
    try {
      const r = await fetch(url);
      // Only our own child counts: under load another process may have taken the port we picked.
      if (r.ok) {
        const corpo = await r.json().catch(() => ({}));
        if (corpo.pid === undefined || corpo.pid === processo.pid) return;
        throw new Error(`${nome}: a porta de ${url} responde por outro processo (pid ${corpo.pid})`);
      }
    } catch (erro) {
      if (erro instanceof Error && /outro processo/.test(erro.message)) throw erro;
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${nome} não ficou pronto em ${tempoLimiteMs} ms (${url})`);
}

/** Spawns one app on its port (its logs to this terminal, or line by line to `saida`). */
function lancarApp(nome, { env, todas, derivado, saida }) {
  const app = APPS.find((a) => a.nome === nome);
  if (!app) throw new Error(`app desconhecido: ${nome}`);
  const porta = todas[nome];
  const extras = Object.fromEntries(Object.keys(app.extras ?? {}).map((v) => [v, String(todas[`${nome}:${v}`])]));
  // APP_NODE_ARGS: extra node flags for every app (profiling: `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  // Source maps (stack traces in the TypeScript) outside production only: Node 20 loads every
  // dependency's map with them, ~15 MiB per process (tools/bench/inicializacao.mjs), as the image does not.
  const mapas = env.NODE_ENV === 'production' ? [] : ['--enable-source-maps'];
  const argsNode = (env.APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const filho = spawn(process.execPath, [...mapas, ...argsNode, arquivoApp(nome)], {
    cwd: RAIZ,
    // Derived addresses win over inherited ones: a system started from inside another (a test's
    // isolated system) must talk to its own simulators, not to the ones in the parent's environment.
    // stdin is a pipe the app watches (ENCERRAR_COM_PAI): if this process dies, even by SIGKILL, the
    // pipe closes and the app stops instead of holding ports and database connections as an orphan.
    env: { ...env, ...derivado, ...extras, PORT: String(porta), ENCERRAR_COM_PAI: '1' },
    stdio: saida === 'herdar' ? ['pipe', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
  });
  if (typeof saida === 'function') {
    for (const fluxo of [filho.stdout, filho.stderr]) {
      let resto = '';
      fluxo.on('data', (d) => {
        const linhas = (resto + d).split('\n');
        resto = linhas.pop();
        for (const l of linhas) saida(nome, l);
      });
    }
  }
  return { nome, porta, processo: filho };
}

/**
 * Starts the given apps (default: all) and waits until each answers /health/ready.
 * `saida`: 'herdar' prints their JSON logs on this terminal; a function receives each line.
 */
async function iniciarApps({ env, portas = {}, apps = APPS.map((a) => a.nome), saida = 'herdar', tempoLimiteMs = 60000 }) {
  const processos = [];
  const todas = resolverPortas(portas);
  const derivado = ambienteDerivado(todas);
  for (const nome of apps) processos.push(lancarApp(nome, { env, todas, derivado, saida }));
  try {
    await Promise.all(processos.map((p) => esperarPronto(`http://127.0.0.1:${p.porta}/health/ready`, p.processo, tempoLimiteMs, p.nome)));
  } catch (erro) {
    // Do not leave the others running behind a failed start.
    await pararApps(processos, 2000);
    throw erro;
  }
  // What a supervisor needs to start one of them again on the same ports.
  for (const p of processos) p.lancamento = { env, todas, derivado, saida, tempoLimiteMs };
  return processos;
}

/** Wait before restart number `n` (1, 2, 4 ... up to 30 s). */
const recuoReinicio = (n) => Math.min(30000, 1000 * 2 ** Math.max(0, n - 1));

/**
 * Keeps started apps running: an app that exits on its own is started again on the same ports,
 * after a back-off, and `avisar` is told (a plain line, outside the JSON logs). An app that cannot
 * become ready after `tentativasMaximas` starts in a row makes `desistir(nome, erro)` be called.
 * Returns `parar()`, which ends the supervision (call it before stopping the apps).
 */
function supervisionar(processos, { avisar = (m) => console.error(m), desistir, tentativasMaximas = 5 } = {}) {
  let parado = false;
  const observar = (p) => {
    p.processo.once('exit', (codigo, sinal) => {
      if (!parado) void reiniciar(p, `código ${codigo}, sinal ${sinal}`);
    });
  };
  const reiniciar = async (p, motivo) => {
    for (let n = 1; n <= tentativasMaximas && !parado; n++) {
      const espera = recuoReinicio(n);
      avisar(`${p.nome} terminou inesperadamente (${motivo}); reiniciando em ${espera / 1000} s (tentativa ${n} de ${tentativasMaximas})`);
      await new Promise((r) => setTimeout(r, espera));
      if (parado) return;
      const { env, todas, derivado, saida, tempoLimiteMs } = p.lancamento;
      const novo = lancarApp(p.nome, { env, todas, derivado, saida });
      p.processo = novo.processo;
      try {
        await esperarPronto(`http://127.0.0.1:${p.porta}/health/ready`, p.processo, tempoLimiteMs, p.nome);
        avisar(`${p.nome} reiniciado (pid ${p.processo.pid})`);
        observar(p);
        return;
      } catch (erro) {
        motivo = erro.message;
        if (p.processo.exitCode === null && p.processo.signalCode === null) await pararApps([p], 2000);
      }
    }
    if (!parado) desistir?.(p.nome, new Error(`${p.nome} não voltou após ${tentativasMaximas} tentativas: ${motivo}`));
  };
  for (const p of processos) observar(p);
  return {
    parar() {
      parado = true;
    },
  };
}

/** SIGTERM (graceful), then SIGKILL after `tempoMs` for anything still running. */
async function pararApps(processos, tempoMs = 10000) {
  await Promise.all(
    processos.map(
      ({ processo }) =>
        new Promise((resolve) => {
          if (processo.exitCode !== null || processo.signalCode !== null) return resolve();
          const forcar = setTimeout(() => processo.kill('SIGKILL'), tempoMs);
          processo.once('exit', () => {
            clearTimeout(forcar);
            resolve();
          });
          processo.kill('SIGTERM');
        }),
    ),
  );
}

module.exports = {
  APPS,
  RAIZ,
  resolverPortas,
  ambienteDerivado,
  arquivoApp,
  portaLivre,
  alcancavel,
  executar,
  migrar,
  iniciarApps,
  pararApps,
  esperarPronto,
  supervisionar,
  recuoReinicio,
};
