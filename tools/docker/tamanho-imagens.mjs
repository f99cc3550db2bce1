#!/usr/bin/env node
// Estimates each image's size without a Docker engine, from what the runtime stage holds:
//   base image   debian:bookworm-slim (published size) + Node as the node image installs it
//                (this machine's node binary, npm and corepack, measured; yarn, which the node
//                image also ships, is not counted)
//   apt layer    tini everywhere; Chromium and fonts in nfe-service: apt's resolver simulates
//                `apt-get install --no-install-recommends` against a dpkg status holding what
//                bookworm-slim holds (Priority required + apt + their dependencies), and the
//                Installed-Size of what it would install is summed. Slightly high: slim images
//                drop /usr/share/doc and man pages, which Installed-Size counts
//   node_modules the app's pruned lockfile installed with `npm ci --omit=dev` in a temp dir, measured
//   dist         the folders the app reaches (tools/docker/dependencias-do-app.mjs)
// Sizes are uncompressed (what `docker images` shows); registries store them gzip-compressed.
//
//   node tools/docker/tamanho-imagens.mjs [app...] [--json]      (needs dist/: node tools/build.mjs)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependenciasDoApp, ErroDependencias, gravarSaida } from './dependencias-do-app.mjs';

const APPS = ['gateway', 'nfe-service', 'nfse-service', 'sefaz-adapter', 'municipal-adapter', 'webhook-dispatcher', 'migracoes'];
/** debian:bookworm-slim, linux/amd64, uncompressed, as listed by `docker images` (Docker Hub). */
const DEBIAN_SLIM_MB = 74.8;
const PACOTES_APT = { padrao: ['tini'], 'nfe-service': ['tini', 'chromium', 'fonts-liberation', 'fonts-dejavu-core'] };
const MB = 1024 * 1024;
const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist');

/** Apparent size of a tree (file contents, as a layer's tar stores them); links count as themselves. */
function tamanho(caminho) {
  const info = lstatSync(caminho);
  if (!info.isDirectory()) return info.size;
  return readdirSync(caminho).reduce((soma, nome) => soma + tamanho(path.join(caminho, nome)), 0);
}

function baseNode() {
  const binario = realpathSync(process.execPath);
  const prefixo = path.dirname(path.dirname(binario));
  const modulos = ['npm', 'corepack'].map((m) => path.join(prefixo, 'lib', 'node_modules', m));
  return DEBIAN_SLIM_MB * MB + tamanho(binario) + modulos.reduce((soma, m) => soma + tamanho(m), 0);
}

const cacheApt = new Map();
let statusBase;
let pastaApt;

function aptGetSimular(pacotes, status) {
  const saida = execFileSync(
    'apt-get',
    ['install', '-s', '--no-install-recommends', '-o', `Dir::State::status=${status}`, '-o', 'Debug::NoLocking=1', ...pacotes],
    { encoding: 'utf8', maxBuffer: 64 * MB },
  );
  return [...new Set([...saida.matchAll(/^Inst (\S+)/gm)].map((m) => m[1]))];
}

function fichasApt(pacotes) {
  return execFileSync('apt-cache', ['show', '--no-all-versions', ...pacotes], { encoding: 'utf8', maxBuffer: 256 * MB })
    .split(/\n\n+/)
    .filter((f) => /^Package: /m.test(f));
}

/**
 * A dpkg status file holding what debian:bookworm-slim holds: the Priority "required" packages,
 * apt, and their dependencies, as apt's own resolver picks them from an empty system.
 */
function statusDaImagemBase(pasta) {
  const requeridos = [
    ...execFileSync('apt-cache', ['dumpavail'], { encoding: 'utf8', maxBuffer: 512 * MB }).matchAll(
      /^Package: (\S+)\n(?:[^\n]+\n)*?Priority: required$/gm,
    ),
  ].map((m) => m[1]);
  const vazio = path.join(pasta, 'status-vazio');
  writeFileSync(vazio, '');
  const base = aptGetSimular([...new Set([...requeridos, 'apt'])], vazio);
  const campos = /^(Package|Version|Architecture|Multi-Arch|Depends|Pre-Depends|Provides|Essential|Priority): /;
  const status = fichasApt(base)
    .map(
      (f) =>
        `${f
          .split('\n')
          .filter((l) => campos.test(l))
          .join('\n')}\nStatus: install ok installed\n`,
    )
    .join('\n');
  const arquivo = path.join(pasta, 'status-base');
  writeFileSync(arquivo, status);
  return arquivo;
}

/** Bytes the apt layer adds: what `apt-get install --no-install-recommends` would install on the slim base. */
function camadaApt(pacotes) {
  const chave = pacotes.join(' ');
  if (cacheApt.has(chave)) return cacheApt.get(chave);
  let resultado;
  try {
    pastaApt ??= mkdtempSync(path.join(tmpdir(), 'emissor-apt-'));
    statusBase ??= statusDaImagemBase(pastaApt);
    const instalar = aptGetSimular(pacotes, statusBase);
    const kib = fichasApt(instalar).reduce((soma, f) => soma + Number(/^Installed-Size: (\d+)$/m.exec(f)?.[1] ?? 0), 0);
    resultado = { bytes: kib * 1024, pacotes: instalar.length };
  } catch {
    resultado = { bytes: Number.NaN, pacotes: 0 }; // no apt here (not Debian): reported as unknown
  }
  cacheApt.set(chave, resultado);
  return resultado;
}

const instalados = new Map();
/** node_modules of a pruned lockfile, installed once per distinct lockfile. */
function nodeModules(r) {
  const chave = createHash('sha256').update(JSON.stringify(r.packageLock)).digest('hex');
  if (instalados.has(chave)) return instalados.get(chave);
  const pasta = mkdtempSync(path.join(tmpdir(), 'emissor-tamanho-'));
  try {
    gravarSaida(r, pasta);
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: pasta,
      stdio: 'ignore',
    });
    const medida = { node_modules: tamanho(path.join(pasta, 'node_modules')), pacotes: Object.keys(r.packageLock.packages).length - 1 };
    instalados.set(chave, medida);
    return medida;
  } finally {
    rmSync(pasta, { recursive: true, force: true });
  }
}

function principal(argv) {
  const json = argv.includes('--json');
  const apps = argv.filter((a) => !a.startsWith('--'));
  const base = baseNode();
  const linhas = [];
  for (const app of apps.length ? apps : APPS) {
    const r = dependenciasDoApp([app]);
    const { node_modules, pacotes } = nodeModules(r);
    const distBytes = r.pastas.reduce((soma, p) => soma + tamanho(path.join(DIST, p)), 0);
    const apt = camadaApt(PACOTES_APT[app] ?? PACOTES_APT.padrao);
    linhas.push({
      app,
      base,
      apt: apt.bytes,
      pacotesApt: apt.pacotes,
      node_modules,
      pacotesNpm: pacotes,
      dist: distBytes,
      total: base + apt.bytes + node_modules + distBytes,
    });
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(linhas, null, 2)}\n`);
    return;
  }
  const mb = (b) => (Number.isNaN(b) ? '?' : (b / MB).toFixed(0));
  const tabela = [
    ['app', 'base', 'apt', 'node_modules', 'dist', 'total (MiB)'],
    ...linhas.map((l) => [
      l.app,
      mb(l.base),
      `${mb(l.apt)} (${l.pacotesApt} pkgs)`,
      `${mb(l.node_modules)} (${l.pacotesNpm} pkgs)`,
      mb(l.dist),
      mb(l.total),
    ]),
  ];
  const larguras = tabela[0].map((_, i) => Math.max(...tabela.map((l) => l[i].length)));
  for (const l of tabela) process.stdout.write(`${l.map((c, i) => (i ? c.padStart(larguras[i]) : c.padEnd(larguras[i]))).join('  ')}\n`);
  process.stdout.write(
    `\nbase = debian:bookworm-slim ${DEBIAN_SLIM_MB} MB (published) + Node ${process.version} measured here; sizes in MiB, uncompressed.\n`,
  );
}

try {
  principal(process.argv.slice(2));
} catch (erro) {
  if (!(erro instanceof ErroDependencias)) throw erro;
  process.stderr.write(`tamanho-imagens: ${erro.message}\n`);
  process.exitCode = 1;
} finally {
  if (pastaApt) rmSync(pastaApt, { recursive: true, force: true });
}
