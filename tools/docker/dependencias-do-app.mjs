#!/usr/bin/env node
// The runtime dependencies of one app, from its compiled require graph: walks every file that
// dist/apps/<app>/src/main.js and migrate.js reach through relative requires, collects the packages
// they require, adds the peers those packages load by name at run time (typeorm -> pg,
// @nestjs/swagger -> @fastify/static), and writes a pruned package.json plus the matching subset of
// package-lock.json, so the image can run `npm ci --omit=dev` with exactly the locked versions.
// With --saida it also copies the dist/ folders the app reaches (apps/<app>, the libs it uses,
// whole, so data files read with fs come along): that folder is the image's /app minus node_modules.
//
//   node tools/docker/dependencias-do-app.mjs <app>... | migracoes [--dist DIR] [--raiz DIR] [--saida DIR] [--json] [--estrito]
//
// Several apps give the union. `migracoes` takes every app's migrate.js (and not its main.js): the
// image of compose's one-shot migrations service. --raiz: where package.json and
// package-lock.json are (default: this repository; --dist defaults to <raiz>/dist). Without --saida
// it prints the package.json; --json prints {dependencias, pastas, arquivos, avisos, pacotesNoLock}.
// A package the code requires that only devDependencies declare is included with a warning (the
// image must run); --estrito makes that an error. Requires of computed names are listed as warnings.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NATIVOS = new Set(builtinModules);
// SWC emits plain require("x") for imports; require.resolve("x") finds files inside a package.
const REQUIRE_LITERAL = /\brequire(?:\.resolve)?\(\s*(['"])([^'"]+)\1\s*\)/g;
// require.resolve(`${PACOTE}/schemas/...`) with PACOTE a string constant of the same file.
const REQUIRE_MODELO = /\brequire(?:\.resolve)?\(\s*`([^`]*)`\s*\)/g;
const CONSTANTE = /\bconst\s+([A-Za-z_$][\w$]*)\s*=\s*(['"])([^'"]*)\2\s*;/g;
// Anything else: require(variable). Reported, not followed (SWC's dynamic import helper is one).
const REQUIRE_DINAMICO = /\brequire(?:\.resolve)?\(\s*(?!['"`\s])([^)]*)\)/g;

export class ErroDependencias extends Error {}

/** '@scope/pkg/sub/path' -> '@scope/pkg'; 'pkg/sub' -> 'pkg'. */
export function nomeDoPacote(especificador) {
  const partes = especificador.split('/');
  return especificador.startsWith('@') ? partes.slice(0, 2).join('/') : partes[0];
}

function resolverArquivo(base) {
  for (const candidato of [base, `${base}.js`, `${base}.json`, path.join(base, 'index.js')]) {
    if (existsSync(candidato) && statSync(candidato).isFile()) return candidato;
  }
  return undefined;
}

/** The specifiers one compiled file requires: literal ones, and templates built from its string constants. */
function especificadoresDe(codigo) {
  const literais = [...codigo.matchAll(REQUIRE_LITERAL)].map((m) => m[2]);
  const constantes = new Map([...codigo.matchAll(CONSTANTE)].map((m) => [m[1], m[3]]));
  const dinamicos = [...codigo.matchAll(REQUIRE_DINAMICO)].map((m) => m[0]);
  for (const [chamada, modelo] of codigo.matchAll(REQUIRE_MODELO)) {
    const texto = modelo.replace(/\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (todo, nome) => constantes.get(nome) ?? todo);
    const nome = nomeDoPacote(texto);
    if (nome.includes('${')) dinamicos.push(chamada);
    else literais.push(texto);
  }
  return { literais, dinamicos };
}

/** Files reached from the entry points, the packages they require (by name), and requires it could not follow. */
export function percorrerRequires(entradas) {
  const arquivos = new Set();
  const pacotes = new Map(); // name -> first file that requires it (for messages)
  const dinamicos = [];
  const pendentes = [...entradas];
  while (pendentes.length) {
    const arquivo = pendentes.pop();
    if (arquivos.has(arquivo)) continue;
    arquivos.add(arquivo);
    if (!arquivo.endsWith('.js')) continue;
    const { literais, dinamicos: desteArquivo } = especificadoresDe(readFileSync(arquivo, 'utf8'));
    for (const expressao of desteArquivo) dinamicos.push({ arquivo, expressao });
    for (const especificador of literais) {
      if (especificador.startsWith('.') || path.isAbsolute(especificador)) {
        const alvo = resolverArquivo(path.resolve(path.dirname(arquivo), especificador));
        if (!alvo) throw new ErroDependencias(`${arquivo}: require("${especificador}") não encontrado`);
        pendentes.push(alvo);
      } else if (!especificador.startsWith('node:') && !NATIVOS.has(especificador) && !NATIVOS.has(nomeDoPacote(especificador))) {
        const nome = nomeDoPacote(especificador);
        if (!pacotes.has(nome)) pacotes.set(nome, arquivo);
      }
    }
  }
  return { arquivos, pacotes, dinamicos };
}

/** 'node_modules/a/node_modules/b' -> 'node_modules/a'; 'node_modules/a' -> ''. */
function pai(local) {
  const i = local.lastIndexOf('/node_modules/');
  return i === -1 ? '' : local.slice(0, i);
}

/** Node's lookup, on lockfile locations: the nearest node_modules/<nome> going up from `desde`. */
function resolverNoLock(pacotesLock, nome, desde) {
  for (let base = desde; ; base = pai(base)) {
    const candidato = `${base ? `${base}/` : ''}node_modules/${nome}`;
    if (pacotesLock[candidato]) return candidato;
    if (!base) return undefined;
  }
}

/**
 * Closes the direct dependencies over the lockfile: dependencies, optional dependencies (other
 * platforms' binaries stay listed; npm skips them by os/cpu) and peers. An optional peer is taken
 * only when the workspace lists it in `dependencies`: that is how libraries load a driver by name
 * (typeorm's pg), while a dev tool that happens to be installed (typescript) stays out.
 */
export function podarLock(lock, raizPkg, nomesDiretos) {
  const diretas = [...nomesDiretos];
  const pacotesLock = lock.packages;
  const deProducao = raizPkg.dependencies ?? {};
  // A package the code requires but only devDependencies declare (reported by the caller) still
  // gets its locked version: the image must work while the declaration is being fixed.
  const declaradas = { ...(raizPkg.devDependencies ?? {}), ...deProducao };
  const escolhidas = new Set(diretas);
  const locais = new Set();
  const pendentes = diretas.map((nome) => ({ nome, desde: '', opcional: false }));
  while (pendentes.length) {
    const { nome, desde, opcional } = pendentes.pop();
    const local = resolverNoLock(pacotesLock, nome, desde);
    if (!local) {
      if (opcional) continue;
      throw new ErroDependencias(`${nome} (pedido por ${desde || 'raiz'}) não está no package-lock.json: rode npm install`);
    }
    if (locais.has(local)) continue;
    locais.add(local);
    const entrada = pacotesLock[local];
    for (const nomeDep of Object.keys(entrada.dependencies ?? {})) pendentes.push({ nome: nomeDep, desde: local, opcional: false });
    for (const nomeDep of Object.keys(entrada.optionalDependencies ?? {})) pendentes.push({ nome: nomeDep, desde: local, opcional: true });
    for (const nomeDep of Object.keys(entrada.peerDependencies ?? {})) {
      const peerOpcional = entrada.peerDependenciesMeta?.[nomeDep]?.optional === true;
      if (peerOpcional && !(nomeDep in deProducao)) continue;
      if (peerOpcional) escolhidas.add(nomeDep);
      pendentes.push({ nome: nomeDep, desde: local, opcional: peerOpcional });
    }
  }
  const dependencias = Object.fromEntries(
    [...escolhidas].sort().map((nome) => {
      if (!(nome in declaradas)) throw new ErroDependencias(`${nome} é usado em tempo de execução mas não está no package.json`);
      return [nome, declaradas[nome]];
    }),
  );
  const pacotes = {};
  for (const local of [...locais].sort()) {
    const { dev: _dev, devOptional: _devOptional, ...entrada } = pacotesLock[local];
    pacotes[local] = entrada;
  }
  return { dependencias, pacotes };
}

export const MIGRACOES = 'migracoes';

/** The files a set of apps starts from: main.js and migrate.js, or every migrate.js for `migracoes`. */
function pontosDeEntrada(nomes, dist) {
  if (nomes.length === 1 && nomes[0] === MIGRACOES) {
    const pastaApps = path.join(dist, 'apps');
    const entradas = existsSync(pastaApps)
      ? readdirSync(pastaApps)
          .map((a) => path.join(pastaApps, a, 'src', 'migrate.js'))
          .filter((f) => existsSync(f))
      : [];
    if (!entradas.length) throw new ErroDependencias(`nenhum migrate.js em ${pastaApps}: rode node tools/build.mjs`);
    return entradas;
  }
  const entradas = [];
  for (const app of nomes) {
    const pastaApp = path.join(dist, 'apps', app, 'src');
    if (!existsSync(path.join(pastaApp, 'main.js'))) {
      throw new ErroDependencias(`${path.join(pastaApp, 'main.js')} não existe: rode node tools/build.mjs (ou confira o nome do app)`);
    }
    entradas.push(...['main.js', 'migrate.js'].map((f) => path.join(pastaApp, f)).filter((f) => existsSync(f)));
  }
  return entradas;
}

/** `apps`: one app name, several, or ['migracoes']. */
export function dependenciasDoApp(apps, { dist = path.join(RAIZ, 'dist'), raiz = RAIZ, estrito = false } = {}) {
  const nomes = Array.isArray(apps) ? apps : [apps];
  const entradas = pontosDeEntrada(nomes, dist);
  const app = nomes.join('+');
  const raizPkg = JSON.parse(readFileSync(path.join(raiz, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(path.join(raiz, 'package-lock.json'), 'utf8'));
  const { arquivos, pacotes, dinamicos } = percorrerRequires(entradas);
  const avisos = [];
  for (const [nome, arquivo] of pacotes) {
    if (nome in (raizPkg.dependencies ?? {})) continue;
    const usadoPor = path.relative(dist, arquivo);
    if (!(nome in (raizPkg.devDependencies ?? {}))) throw new ErroDependencias(`${nome}, usado por ${usadoPor}, não está no package.json`);
    const aviso = `${nome}, usado por ${usadoPor}, só está em devDependencies: incluído na imagem, mas deve ir para dependencies`;
    if (estrito) throw new ErroDependencias(aviso);
    avisos.push(aviso);
  }
  for (const { arquivo, expressao } of dinamicos)
    avisos.push(`${path.relative(dist, arquivo)}: ${expressao} não é analisável; o que ele carrega não entra por aqui`);
  const { dependencias, pacotes: pacotesLock } = podarLock(lock, raizPkg, pacotes.keys());
  const packageJson = {
    name: `${raizPkg.name}-${app}`,
    version: raizPkg.version,
    private: true,
    description: `Dependências de execução de ${app} (geradas por tools/docker/dependencias-do-app.mjs)`,
    license: raizPkg.license,
    engines: raizPkg.engines,
    dependencies: dependencias,
  };
  const packageLock = {
    name: packageJson.name,
    version: packageJson.version,
    lockfileVersion: lock.lockfileVersion,
    requires: true,
    packages: {
      '': {
        name: packageJson.name,
        version: packageJson.version,
        license: packageJson.license,
        dependencies: dependencias,
        engines: packageJson.engines,
      },
      ...pacotesLock,
    },
  };
  const relativos = [...arquivos].map((f) => path.relative(dist, f)).sort();
  if (relativos.some((f) => f.startsWith('..')))
    throw new ErroDependencias(`require para fora de ${dist}: ${relativos.find((f) => f.startsWith('..'))}`);
  // apps/<app> and libs/<lib>: the unit copied into the image.
  const pastas = [...new Set(relativos.map((f) => f.split(path.sep).slice(0, 2).join('/')))].sort();
  return { packageJson, packageLock, arquivos: relativos, pastas, avisos };
}

/** Writes package.json, package-lock.json and dist/ (only the reached folders) into `saida`. */
export function gravarSaida(r, saida, dist = path.join(RAIZ, 'dist')) {
  mkdirSync(saida, { recursive: true });
  writeFileSync(path.join(saida, 'package.json'), `${JSON.stringify(r.packageJson, null, 2)}\n`);
  writeFileSync(path.join(saida, 'package-lock.json'), `${JSON.stringify(r.packageLock, null, 2)}\n`);
  rmSync(path.join(saida, 'dist'), { recursive: true, force: true });
  for (const pasta of r.pastas) cpSync(path.join(dist, pasta), path.join(saida, 'dist', pasta), { recursive: true });
}

function principal(argv) {
  const args = [...argv];
  const opcao = (nome) => {
    const i = args.indexOf(nome);
    if (i === -1) return undefined;
    const [, valor] = args.splice(i, 2);
    return valor;
  };
  const bandeira = (nome) => {
    const i = args.indexOf(nome);
    if (i !== -1) args.splice(i, 1);
    return i !== -1;
  };
  const json = bandeira('--json');
  const estrito = bandeira('--estrito');
  const raiz = path.resolve(opcao('--raiz') ?? RAIZ);
  const dist = path.resolve(opcao('--dist') ?? path.join(raiz, 'dist'));
  const saida = opcao('--saida');
  const apps = args;
  if (!apps.length || apps.some((a) => a.startsWith('-'))) {
    process.stderr.write(
      'uso: node tools/docker/dependencias-do-app.mjs <app>... | migracoes [--dist DIR] [--raiz DIR] [--saida DIR] [--json] [--estrito]\n',
    );
    process.exit(2);
  }
  const app = apps.join(',');
  try {
    const r = dependenciasDoApp(apps, { dist, raiz, estrito });
    for (const aviso of r.avisos) process.stderr.write(`dependencias-do-app: aviso: ${aviso}\n`);
    if (saida) gravarSaida(r, saida, dist);
    if (json) {
      const resumo = {
        dependencias: r.packageJson.dependencies,
        pastas: r.pastas,
        arquivos: r.arquivos,
        avisos: r.avisos,
        pacotesNoLock: Object.keys(r.packageLock.packages).length - 1,
      };
      process.stdout.write(`${JSON.stringify(resumo, null, 2)}\n`);
    } else if (!saida) {
      process.stdout.write(`${JSON.stringify(r.packageJson, null, 2)}\n`);
    } else {
      process.stderr.write(
        `${app}: ${Object.keys(r.packageJson.dependencies).length} dependências diretas, ${Object.keys(r.packageLock.packages).length - 1} pacotes, dist ${r.pastas.join(' ')} -> ${saida}\n`,
      );
    }
  } catch (erro) {
    if (!(erro instanceof ErroDependencias)) throw erro;
    process.stderr.write(`dependencias-do-app: ${erro.message}\n`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) principal(process.argv.slice(2));
