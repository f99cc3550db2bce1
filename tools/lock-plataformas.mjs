// The npm registry reachable here serves native binaries only for this machine's platform, so
// `npm install` cannot record the other platforms' optional packages (e.g. @swc/core-darwin-arm64)
// in package-lock.json, and `npm ci` then refuses the lock as "missing" them. This adds those
// optional entries with their os/cpu, so npm ci sees a complete lock and skips them (wrong
// platform) without fetching. Run after changing dependencies: node tools/lock-plataformas.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const arquivo = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(arquivo, 'utf8'));
const pacotes = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix', 'wasi'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

// Package names use several spellings of the same architecture; npm's `cpu` uses Node's names.
const APELIDOS_CPU = {
  ppc64le: 'ppc64',
  amd64: 'x64',
  x86_64: 'x64',
  aarch64: 'arm64',
  i386: 'ia32',
  armv7: 'arm',
  386: 'ia32',
  s390: 's390x',
};
const APELIDOS_OS = { macos: 'darwin', windows: 'win32', win: 'win32' };

function plataforma(nome) {
  const partes = nome
    .split('/')
    .pop()
    .split('-')
    .map((p) => APELIDOS_CPU[p] ?? APELIDOS_OS[p] ?? p);
  const os = partes.find((p) => OS.includes(p));
  const cpu = partes.find((p) => CPU.includes(p));
  if (cpu === 'wasm32') return { cpu: ['wasm32'] };
  if (!os || !cpu) return null;
  const libc =
    partes.includes('musl') || partes.includes('musleabihf')
      ? ['musl']
      : partes.includes('gnu') || partes.includes('gnueabihf')
        ? ['glibc']
        : undefined;
  return { os: [os], cpu: [cpu], ...(libc && os === 'linux' ? { libc } : {}) };
}

let adicionados = 0;
for (const [caminho, pacote] of Object.entries(pacotes)) {
  for (const [nome, versao] of Object.entries(pacote.optionalDependencies ?? {})) {
    const base = caminho ? `${caminho}/node_modules/${nome}` : `node_modules/${nome}`;
    const versaoExata = versao.replace(/^[\^~=]/, '');
    const naRaiz = pacotes[`node_modules/${nome}`];
    if (pacotes[base] || naRaiz?.version === versaoExata) continue;
    const alvo = plataforma(nome);
    if (!alvo) continue;
    // Beside its parent when the top level already holds another version of it.
    pacotes[naRaiz ? base : `node_modules/${nome}`] = { version: versaoExata, optional: true, ...alvo };
    adicionados++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pacotes).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(arquivo, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-plataformas: ${adicionados} pacotes opcionais de outras plataformas registrados`);
