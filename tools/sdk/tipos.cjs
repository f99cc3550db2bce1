// The TypeScript types of the SDK from a description (openapi-typescript), with a header. Shared by
// gerar.mjs and the unit test that compares the committed file (CommonJS so both can load it).
const { readFileSync } = require('node:fs');
const { default: openapiTS, astToString } = require('openapi-typescript');

const CABECALHO = '// Gerado por `node tools/sdk/gerar.mjs` a partir de libs/sdk/openapi.json (openapi-typescript). Não edite.\n';

async function gerarTiposSdk(arquivoDescricao) {
  const descricao = JSON.parse(readFileSync(arquivoDescricao, 'utf8'));
  return CABECALHO + astToString(await openapiTS(descricao, { alphabetize: false }));
}

module.exports = { gerarTiposSdk };

// `node tools/sdk/tipos.cjs <descrição>` prints the types (the unit test runs it in a plain Node process:
// openapi-typescript loads ES modules that Jest's module loader cannot).
if (require.main === module) {
  gerarTiposSdk(process.argv[2]).then(
    (t) => process.stdout.write(t),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
