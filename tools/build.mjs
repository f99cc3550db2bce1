// Compiles apps/ and libs/ to dist/ with SWC, keeping the tree (dist/apps/<app>/src/main.js), and
// copies non-TypeScript assets (data files, templates). About a second for the whole repo, which is
// why every app is built at once: `nx build <app>` and `npm start` both call this.
import { transformFile } from '@swc/core';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { copyFile, mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// `export * from` made one hop instead of a megamorphic getter chain: see reexportacao-direta.cjs.
const { reexportacaoDireta } = createRequire(import.meta.url)('./reexportacao-direta.cjs');
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const destino = path.join(raiz, 'dist');
const swcrc = JSON.parse(readFileSync(path.join(raiz, '.swcrc'), 'utf8'));
const opcoes = { ...swcrc, swcrc: false, jsc: { ...swcrc.jsc, baseUrl: raiz } };
delete opcoes.$schema;

const IGNORAR = /(\.spec\.ts|\.e2e\.ts|\.d\.ts)$/;
const ASSETS = /\.(json|xsd|html|css|xml|txt|pem)$/;

async function* arquivos(pasta) {
  for (const entrada of await readdir(pasta, { withFileTypes: true })) {
    const caminho = path.join(pasta, entrada.name);
    if (entrada.isDirectory()) {
      if (entrada.name !== 'node_modules' && entrada.name !== '__fixtures__') yield* arquivos(caminho);
    } else yield caminho;
  }
}

// Several builds may run at once (a developer's start and a test run): never wipe dist/, and write
// each file to a temporary name then rename it, so a running process never reads a half-written file.
let sequencia = 0;
async function gravarAtomico(caminho, conteudo) {
  const temporario = `${caminho}.${process.pid}.${sequencia++}.tmp`;
  await writeFile(temporario, conteudo);
  await rename(temporario, caminho);
}
async function copiarAtomico(origem, caminho) {
  const temporario = `${caminho}.${process.pid}.${sequencia++}.tmp`;
  await copyFile(origem, temporario);
  await rename(temporario, caminho);
}

const inicio = Date.now();
let compilados = 0;
const tarefas = [];
for (const pasta of ['apps', 'libs']) {
  for await (const origem of arquivos(path.join(raiz, pasta))) {
    const relativo = path.relative(raiz, origem);
    if (origem.endsWith('.ts') && !IGNORAR.test(origem)) {
      tarefas.push(
        transformFile(origem, { ...opcoes, filename: origem, sourceFileName: origem }).then(async ({ code, map }) => {
          const saida = path.join(destino, relativo.replace(/\.ts$/, '.js'));
          await mkdir(path.dirname(saida), { recursive: true });
          await gravarAtomico(saida, `${reexportacaoDireta(code, relativo)}\n//# sourceMappingURL=${path.basename(saida)}.map`);
          if (map) await gravarAtomico(`${saida}.map`, map);
          compilados++;
        }),
      );
    } else if (ASSETS.test(origem) && !relativo.endsWith('project.json')) {
      const saida = path.join(destino, relativo);
      tarefas.push(mkdir(path.dirname(saida), { recursive: true }).then(() => copiarAtomico(origem, saida)));
    }
  }
}
await Promise.all(tarefas);
console.log(`build: ${compilados} arquivos em ${Date.now() - inicio} ms -> dist/`);
