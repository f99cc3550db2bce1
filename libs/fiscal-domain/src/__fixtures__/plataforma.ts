/**
 * What the domain's tests borrow from libs/plataforma: the vendored XSDs with the libxml2 validator
 * (`esquemas/`), and the bundled ICP-Brasil roots (`certificados/`), so a test can check the XML the
 * domain builds against the official schemas. The domain may not import plataforma: plataforma
 * imports the domain, so it would be a cycle, and the module-boundary rule forbids it. Test code may
 * do I/O, so the modules are loaded by path at run time (Jest compiles them and maps `@emissor/*`),
 * out of the project graph.
 */
import { join } from 'node:path';
import type { DocumentoNacional, DocumentoXsd, EsquemasNfe, ValidadorXsd } from '..';

const PLATAFORMA = join(__dirname, '..', '..', '..', 'plataforma', 'src');

const esquemas: {
  carregarEsquemasNfe(): EsquemasNfe;
  carregarEsquemasNfseNacional(): EsquemasNfe;
  criarValidadorXsd(esquemas: EsquemasNfe): ValidadorXsd<DocumentoXsd>;
  criarValidadorNfseNacional(): ValidadorXsd<DocumentoNacional>;
} = require(join(PLATAFORMA, 'esquemas'));
const certificados: { raizesIcpBrasil(): string[] } = require(join(PLATAFORMA, 'certificados'));

export const { carregarEsquemasNfe, carregarEsquemasNfseNacional, criarValidadorXsd, criarValidadorNfseNacional } = esquemas;
export const { raizesIcpBrasil } = certificados;
export type { ValidadorXsd };
