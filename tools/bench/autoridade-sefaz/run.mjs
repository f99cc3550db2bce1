// node tools/bench/autoridade-sefaz/run.mjs [notas por bloco] — see README.md beside this file.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../xml-sign/registrar-ts.cjs');
require('./bench.ts');
