// Lets plain `node` require the repository's TypeScript: each .ts file is compiled in memory with
// @swc/core and the repository's .swcrc (path aliases included), as tools/build.mjs does for dist/.
// Only for scripts such as this benchmark; nothing is written to disk.
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
const path = require('node:path');

const raiz = path.resolve(__dirname, '..', '..', '..');
const swcrc = JSON.parse(fs.readFileSync(path.join(raiz, '.swcrc'), 'utf8'));
const opcoes = { ...swcrc, swcrc: false, sourceMaps: 'inline', jsc: { ...swcrc.jsc, baseUrl: raiz } };
delete opcoes.$schema;

require.extensions['.ts'] = function compilarTs(modulo, arquivo) {
  const { code } = transformSync(fs.readFileSync(arquivo, 'utf8'), { ...opcoes, filename: arquivo });
  modulo._compile(code, arquivo);
};
