// Shared Jest settings: TypeScript through SWC (with decorator metadata, as the build does)
// and the tsconfig path aliases mapped to sources.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const { paths } = require('./tsconfig.base.json').compilerOptions;

const moduleNameMapper = Object.fromEntries(
  Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]),
);

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcrc, jsc: { ...swcrc.jsc, baseUrl: __dirname, paths: undefined }, swcrc: false }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
};
