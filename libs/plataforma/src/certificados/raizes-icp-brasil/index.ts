import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { certificadosDoPem } from '@emissor/fiscal-domain';

/**
 * The ICP-Brasil root certificates bundled here (icp-brasil-raizes.pem, provenance in ORIGEM.md):
 * the trust anchors of every A1 certificate a company holds. Shared by the SEFAZ adapter (server
 * certificates of the real authorizers), the gateway (the chain check at upload) and the simulators
 * (client certificates of real companies in sandbox). A data file read once per process;
 * tools/build.mjs copies `.pem` files to dist/ next to the compiled code, so `__dirname` finds it in
 * both trees. The domain's `cadeiaAlcancaAncora` takes the result as its anchors.
 */
export const ARQUIVO_RAIZES_ICP_BRASIL = join(__dirname, 'icp-brasil-raizes.pem');

const emCache = new Map<string, string[]>();

/** The ICP-Brasil roots as PEM strings (for a TLS `ca` list); `arquivo` replaces the bundled PEM. */
export function raizesIcpBrasil(arquivo: string = ARQUIVO_RAIZES_ICP_BRASIL): string[] {
  let raizes = emCache.get(arquivo);
  if (!raizes) {
    raizes = certificadosDoPem(readFileSync(arquivo, 'utf8'));
    if (!raizes.length) throw new Error(`Nenhum certificado em ${arquivo}`);
    emCache.set(arquivo, raizes);
  }
  return raizes;
}
