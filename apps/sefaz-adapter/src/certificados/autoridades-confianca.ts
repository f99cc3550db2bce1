import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { certificadosDoPem } from '@emissor/fiscal-domain';
import { ARQUIVO_CERTIFICADO_AC, raizesIcpBrasil } from '@emissor/plataforma';

/**
 * The CAs each kind of destination is verified against (never `rejectUnauthorized: false`):
 * - the real SEFAZ: the ICP-Brasil roots bundled in libs/plataforma (certificados/raizes-icp-brasil,
 *   see ORIGEM.md there) plus Node's public roots, since some authorizers use certificates from public CAs;
 * - the simulator: only the test CA that issued its certificate (`$AC_TESTE_DIR/ac-teste.crt.pem`).
 */

let icpBrasil: string[] | undefined;
let icpBrasilDe: string | undefined;

export function caSefaz(arquivo?: string): string[] {
  const chave = arquivo ?? '';
  if (!icpBrasil || icpBrasilDe !== chave) {
    icpBrasil = [...rootCertificates, ...raizesIcpBrasil(arquivo)];
    icpBrasilDe = chave;
  }
  return icpBrasil;
}

/** Read at each call (agents are cached above this): a test run may create its CA after we start. */
export function caSimulador(acDir: string): string[] {
  const caminho = join(acDir, ARQUIVO_CERTIFICADO_AC);
  let texto: string;
  try {
    texto = readFileSync(caminho, 'utf8');
  } catch {
    throw new Error(`CA de teste do simulador ausente em ${caminho}`);
  }
  const certificados = certificadosDoPem(texto);
  if (!certificados.length) throw new Error(`Nenhum certificado em ${caminho}`);
  return certificados;
}
