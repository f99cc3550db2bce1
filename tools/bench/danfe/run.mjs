// node tools/bench/danfe/run.mjs — see README.md beside this file.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The repository's TypeScript compiled in memory (same hook as the xml-sign benchmark).
require('../xml-sign/registrar-ts.cjs');
require('./bench.ts');
