// node tools/bench/xml-sign/run.mjs — see README.md beside this file.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('./registrar-ts.cjs');
require('./bench.ts');
