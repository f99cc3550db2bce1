/** `node dist/apps/gateway/src/openapi/exportar.js <file>`: writes the description (tools/sdk/gerar.mjs runs it). */
import { writeFileSync } from 'node:fs';
import { gerarDocumentoOpenApi, textoDocumento } from './gerar-documento';

void gerarDocumentoOpenApi().then(
  (documento) => {
    writeFileSync(process.argv[2], textoDocumento(documento));
    process.exit(0);
  },
  (erro) => {
    console.error(erro);
    process.exit(1);
  },
);
