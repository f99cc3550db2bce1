// `npm test`: lint with module boundaries (a forbidden import fails the run), the unit tier
// (parallel), then the integration tier (in band, one started system), and one closing line with
// the totals. Extra arguments go to both Jest runs (e.g. a path filter) and skip the lint.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const jest = path.join(raiz, 'node_modules', 'jest', 'bin', 'jest.js');
mkdirSync(path.join(raiz, 'tmp'), { recursive: true });
const extras = process.argv.slice(2);
/** What Prettier formats (and `npm test` checks): the code; data, prose and generated files are left as they are. */
const ARQUIVOS_FORMATADOS = ['**/*.{ts,mjs,cjs,js}'];

const totais = { passed: 0, failed: 0, skipped: 0 };
let falhou = false;
if (!extras.length) {
  const lint = spawnSync(
    process.execPath,
    [path.join(raiz, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'), 'run-many', '-t', 'lint', '--output-style=static'],
    {
      cwd: raiz,
      stdio: 'inherit',
    },
  );
  // Formatting is part of the lint step: one style everywhere (.prettierrc.json), `npm run format` applies it.
  const formato =
    lint.status === 0 &&
    spawnSync(
      process.execPath,
      [path.join(raiz, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '--log-level=warn', ...ARQUIVOS_FORMATADOS],
      {
        cwd: raiz,
        stdio: 'inherit',
      },
    );
  if (lint.status !== 0 || formato.status !== 0) {
    console.error(`\n${lint.status !== 0 ? 'lint' : 'formatação (npm run format)'} falhou (veja acima): os testes não foram executados`);
    console.log('\ntests: 0 passed, 1 failed, 0 skipped');
    process.exit(1);
  }
}
for (const [projeto, opcoes] of [
  // Jest's default is one worker fewer than the cores: one on this 2-core machine (128 s -> 88 s with both).
  ['unit', ['--maxWorkers=100%']],
  ['integration', ['--runInBand']],
]) {
  const relatorio = path.join(raiz, 'tmp', `jest-${projeto}.json`);
  const r = spawnSync(
    process.execPath,
    [jest, '--selectProjects', projeto, ...opcoes, '--json', `--outputFile=${relatorio}`, '--passWithNoTests', ...extras],
    {
      cwd: raiz,
      stdio: 'inherit',
    },
  );
  try {
    const json = JSON.parse(readFileSync(relatorio, 'utf8'));
    totais.passed += json.numPassedTests;
    totais.failed += json.numFailedTests;
    totais.skipped += json.numPendingTests + json.numTodoTests;
    if (json.numFailedTestSuites > 0 || json.numRuntimeErrorTestSuites > 0) falhou = true;
  } catch {
    falhou = true;
  }
  if (r.status !== 0) falhou = true;
}
console.log(`\ntests: ${totais.passed} passed, ${totais.failed} failed, ${totais.skipped} skipped`);
process.exit(falhou || totais.failed > 0 || totais.passed === 0 ? 1 : 0);
