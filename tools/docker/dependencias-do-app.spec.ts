import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CLI = path.join(__dirname, 'dependencias-do-app.mjs');

/** A tiny repository: package.json, package-lock.json and a compiled dist/ tree. */
function montarRepositorio(raiz: string, arquivos: Record<string, string>, pkg: object, pacotesLock: Record<string, object>) {
  for (const [caminho, conteudo] of Object.entries(arquivos)) {
    mkdirSync(path.dirname(path.join(raiz, caminho)), { recursive: true });
    writeFileSync(path.join(raiz, caminho), conteudo);
  }
  writeFileSync(path.join(raiz, 'package.json'), JSON.stringify({ name: 'repo', version: '1.0.0', ...pkg }));
  writeFileSync(
    path.join(raiz, 'package-lock.json'),
    JSON.stringify({ name: 'repo', lockfileVersion: 3, requires: true, packages: { '': {}, ...pacotesLock } }),
  );
}

const executar = (raiz: string, ...args: string[]) => spawnSync(process.execPath, [CLI, ...args, '--raiz', raiz], { encoding: 'utf8' });

const PACOTE_JSON = {
  dependencies: {
    '@nestjs/core': '^11.0.0',
    'reflect-x': '^1.0.0',
    typeorm: '^0.3.0',
    pg: '^8.0.0',
    leftpad: '^1.0.0',
    'so-do-outro-app': '^1.0.0',
    amplo: '^2.0.0',
  },
  devDependencies: { typescript: '~5.9', jest: '^30.0.0' },
};
const LOCK = {
  'node_modules/@nestjs/core': { version: '11.0.0', dependencies: { tslib: '^2' }, peerDependencies: { 'reflect-x': '*' } },
  'node_modules/reflect-x': { version: '1.0.0', peer: true },
  'node_modules/tslib': { version: '2.8.0' },
  // typeorm loads its driver by name: pg is an optional peer that the workspace depends on,
  // typescript an optional peer that is only a dev tool here.
  'node_modules/typeorm': {
    version: '0.3.0',
    dependencies: { amplo: '^1.0.0' },
    optionalDependencies: { 'binario-linux': '1.0.0', 'binario-darwin': '1.0.0' },
    peerDependencies: { pg: '*', typescript: '*', mysql2: '*' },
    peerDependenciesMeta: { pg: { optional: true }, typescript: { optional: true }, mysql2: { optional: true } },
  },
  'node_modules/typeorm/node_modules/amplo': { version: '1.5.0' },
  'node_modules/binario-linux': { version: '1.0.0', optional: true, os: ['linux'] },
  'node_modules/binario-darwin': { version: '1.0.0', optional: true, os: ['darwin'] },
  'node_modules/amplo': { version: '2.0.0' },
  'node_modules/pg': { version: '8.0.0', dependencies: { 'pg-pool': '^3' } },
  'node_modules/pg-pool': { version: '3.0.0' },
  'node_modules/leftpad': { version: '1.0.0', devOptional: true },
  'node_modules/so-do-outro-app': { version: '1.0.0' },
  'node_modules/typescript': { version: '5.9.0', dev: true },
  'node_modules/jest': { version: '30.0.0', dev: true },
};

describe('tools/docker/dependencias-do-app.mjs', () => {
  let raiz: string;

  beforeEach(() => {
    raiz = mkdtempSync(path.join(tmpdir(), 'deps-app-'));
    montarRepositorio(
      raiz,
      {
        'dist/apps/api/src/main.js': `"use strict";\nrequire("reflect-x");\nconst a = require("./modulo");\nconst b = require("../../../libs/util/src");\nconst fs = require("node:fs");\nconst p = require("path");\n`,
        'dist/apps/api/src/modulo.js': `const core = require("@nestjs/core/dist/injector");\nconst dados = require("./dados.json");\nPromise.resolve().then(() => require("leftpad"));\n`,
        'dist/apps/api/src/dados.json': '{}',
        'dist/apps/api/src/migrate.js': `require("typeorm");\n`,
        'dist/libs/util/src/index.js': `module.exports = require("./interno");\n`,
        'dist/libs/util/src/interno.js': `require("amplo/sub/caminho");\n`,
        'dist/libs/util/src/esquema.xsd': '<xs:schema/>',
        'dist/libs/nao-usada/src/index.js': `require("so-do-outro-app");\n`,
        'dist/apps/outro/src/main.js': `require("so-do-outro-app");\n`,
        'dist/apps/outro/src/migrate.js': `require("typeorm");\n`,
      },
      PACOTE_JSON,
      LOCK,
    );
  });
  afterEach(() => rmSync(raiz, { recursive: true, force: true }));

  const resumo = (...args: string[]) => {
    const r = executar(raiz, ...args, '--json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).avisos).toEqual([]);
    expect(r.status).toBe(0);
    return JSON.parse(r.stdout);
  };

  it('segue requires relativos (arquivo, pasta/index, .json) e junta os pacotes pelo nome, sem módulos nativos', () => {
    const r = resumo('api');
    expect(r.arquivos).toEqual([
      'apps/api/src/dados.json',
      'apps/api/src/main.js',
      'apps/api/src/migrate.js',
      'apps/api/src/modulo.js',
      'libs/util/src/index.js',
      'libs/util/src/interno.js',
    ]);
    expect(r.pastas).toEqual(['apps/api', 'libs/util']);
    // pg is not required by the code: it is typeorm's optional peer, listed in dependencies.
    expect(Object.keys(r.dependencias)).toEqual(['@nestjs/core', 'amplo', 'leftpad', 'pg', 'reflect-x', 'typeorm']);
  });

  it('pacote que o código usa mas só devDependencies declaram: entra na imagem com aviso; --estrito recusa', () => {
    writeFileSync(path.join(raiz, 'dist/apps/api/src/modulo.js'), 'require("jest");\n');
    const r = executar(raiz, 'api', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).dependencias.jest).toBe('^30.0.0');
    expect(r.stderr).toContain('aviso: jest, usado por apps/api/src/modulo.js, só está em devDependencies');
    const estrito = executar(raiz, 'api', '--estrito');
    expect(estrito.status).toBe(1);
    expect(estrito.stderr).toContain('jest, usado por apps/api/src/modulo.js, só está em devDependencies');
  });

  it('pacote fora do package.json é erro', () => {
    writeFileSync(path.join(raiz, 'dist/apps/api/src/modulo.js'), 'require("fantasma/x");\n');
    const r = executar(raiz, 'api');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('fantasma, usado por apps/api/src/modulo.js, não está no package.json');
  });

  it('require.resolve e modelos com constantes do arquivo contam; nomes calculados viram aviso', () => {
    writeFileSync(
      path.join(raiz, 'dist/apps/api/src/modulo.js'),
      [
        "const PACOTE = 'so-do-outro-app';",
        'const dir = require.resolve(`${PACOTE}/schemas/${VERSAO}/a.xsd`);',
        "const wasm = require.resolve('leftpad');",
        'const x = require(algumaVariavel);',
        'const y = require.resolve(`${naoConstante}/z`);',
      ].join('\n'),
    );
    const r = executar(raiz, 'api', '--json');
    expect(r.status).toBe(0);
    const { dependencias, avisos } = JSON.parse(r.stdout);
    expect(Object.keys(dependencias)).toEqual(expect.arrayContaining(['so-do-outro-app', 'leftpad']));
    expect(avisos).toEqual([
      'apps/api/src/modulo.js: require(algumaVariavel) não é analisável; o que ele carrega não entra por aqui',
      'apps/api/src/modulo.js: require.resolve(`${naoConstante}/z`) não é analisável; o que ele carrega não entra por aqui',
    ]);
  });

  it('require relativo que não existe é erro, não silêncio', () => {
    writeFileSync(path.join(raiz, 'dist/apps/api/src/modulo.js'), 'require("./sumiu");\n');
    const r = executar(raiz, 'api');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('require("./sumiu") não encontrado');
  });

  it('app que não existe: código 1; sem argumentos: uso e código 2', () => {
    expect(executar(raiz, 'nada').status).toBe(1);
    const semApp = spawnSync(process.execPath, [CLI], { encoding: 'utf8' });
    expect(semApp.status).toBe(2);
    expect(semApp.stderr).toContain('uso:');
  });

  it('--saida grava package.json e package-lock.json podados e só as pastas de dist alcançadas', () => {
    const saida = path.join(raiz, 'saida');
    const r = executar(raiz, 'api', '--saida', saida);
    expect(r.status).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(saida, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('repo-api');
    expect(pkg.devDependencies).toBeUndefined();
    expect(pkg.dependencies).toEqual({
      '@nestjs/core': '^11.0.0',
      amplo: '^2.0.0',
      leftpad: '^1.0.0',
      pg: '^8.0.0',
      'reflect-x': '^1.0.0',
      typeorm: '^0.3.0',
    });

    const lock = JSON.parse(readFileSync(path.join(saida, 'package-lock.json'), 'utf8'));
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.packages[''].dependencies).toEqual(pkg.dependencies);
    expect(Object.keys(lock.packages).sort()).toEqual(
      [
        '',
        'node_modules/@nestjs/core',
        'node_modules/amplo',
        'node_modules/binario-darwin', // other platforms' binaries stay listed: npm skips them by os/cpu
        'node_modules/binario-linux',
        'node_modules/leftpad',
        'node_modules/pg',
        'node_modules/pg-pool',
        'node_modules/reflect-x',
        'node_modules/tslib',
        'node_modules/typeorm',
        'node_modules/typeorm/node_modules/amplo', // nested copy resolved from typeorm's own node_modules
      ].sort(),
    );
    expect(lock.packages['node_modules/typescript']).toBeUndefined();
    // dev flags would make `npm ci --omit=dev` skip a package the app needs.
    expect(lock.packages['node_modules/leftpad']).toEqual({ version: '1.0.0' });

    expect(existsSync(path.join(saida, 'dist/libs/util/src/esquema.xsd'))).toBe(true); // assets come with their folder
    expect(existsSync(path.join(saida, 'dist/libs/nao-usada'))).toBe(false);
    expect(existsSync(path.join(saida, 'dist/apps/outro'))).toBe(false);
  });

  it('vários apps dão a união; migracoes parte de todo migrate.js e de nenhum main.js', () => {
    expect(Object.keys(resumo('api', 'outro').dependencias)).toContain('so-do-outro-app');
    const migracoes = resumo('migracoes');
    expect(migracoes.arquivos).toEqual(['apps/api/src/migrate.js', 'apps/outro/src/migrate.js']);
    // amplo@2 is not there: typeorm uses its own nested amplo@1.
    expect(Object.keys(migracoes.dependencias)).toEqual(['pg', 'typeorm']);
  });
});
