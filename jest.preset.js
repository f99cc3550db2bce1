// Shared Jest settings: TypeScript through SWC (with decorator metadata, as the build does)
// and the tsconfig path aliases mapped to sources.
const { readFileSync } = require('node:fs');
const path = require('node:path');

const swcrc = JSON.parse(readFileSync(path.join(__dirname, '.swcrc'), 'utf8'));
const { paths } = require('./tsconfig.base.json').compilerOptions;

const moduleNameMapper = Object.fromEntries(Object.entries(paths).map(([alias, [target]]) => [`^${alias}$`, path.join(__dirname, target)]));

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swcrc, jsc: { ...swcrc.jsc, baseUrl: __dirname, paths: undefined }, swcrc: false }],
  },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  // The build copies JSON assets (libs/sdk/package.json among them) to dist/: Jest's module map
  // would see two packages named @emissor/sdk.
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};
