import nx from '@nx/eslint-plugin';

/**
 * Module boundaries in two dimensions (enforced by `nx lint`):
 * - type: apps -> infra (plataforma) -> contracts -> domain; the domain is pure and depends on nothing else.
 * - scope: an app sees only its own scope and `scope:shared`; apps never import each other.
 */
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
            { sourceTag: 'type:domain', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:infra', 'type:contracts', 'type:domain'] },
            // Integration tests may exercise the infrastructure lib directly (JetStream helpers, for one).
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:testing', 'type:infra', 'type:contracts', 'type:domain', 'type:sdk'] },
            // The published SDK: generated types, openapi-fetch and the webhook verifier only.
            { sourceTag: 'type:sdk', onlyDependOnLibsWithTags: ['type:domain'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:gateway', 'scope:shared'] },
            { sourceTag: 'scope:nfe', onlyDependOnLibsWithTags: ['scope:nfe', 'scope:shared'] },
            { sourceTag: 'scope:nfse', onlyDependOnLibsWithTags: ['scope:nfse', 'scope:shared'] },
            { sourceTag: 'scope:sefaz', onlyDependOnLibsWithTags: ['scope:sefaz', 'scope:shared'] },
            { sourceTag: 'scope:municipal', onlyDependOnLibsWithTags: ['scope:municipal', 'scope:shared'] },
            { sourceTag: 'scope:webhooks', onlyDependOnLibsWithTags: ['scope:webhooks', 'scope:shared'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
];
