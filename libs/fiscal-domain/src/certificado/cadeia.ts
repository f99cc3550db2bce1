import { X509Certificate } from 'node:crypto';

const PROFUNDIDADE_MAXIMA = 8;

const ler = (pem: string): X509Certificate | null => {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
};

const vigente = (c: X509Certificate, agora: Date) =>
  new Date(c.validFrom).getTime() <= agora.getTime() && agora.getTime() <= new Date(c.validTo).getTime();

/** `emissor` issued and signed `certificado` (names, key identifiers and signature). */
const emitidoPor = (certificado: X509Certificate, emissor: X509Certificate) =>
  certificado.checkIssued(emissor) && certificado.verify(emissor.publicKey);

/**
 * Whether `certificadoPem` chains up to one of `ancorasPem` (trusted roots), through the CA
 * certificates that came with it (`intermediariasPem`, as a PFX carries them), every link issued
 * and signed by the next and every CA in force at `agora`. What a TLS peer checks of a client
 * certificate, minus revocation: SEFAZ refuses the handshake of a certificate that fails this.
 */
export function cadeiaAlcancaAncora(
  certificadoPem: string,
  intermediariasPem: string[],
  ancorasPem: string[],
  agora = new Date(),
): boolean {
  const ancoras = ancorasPem.map(ler).filter((c): c is X509Certificate => !!c && vigente(c, agora));
  const intermediarias = intermediariasPem.map(ler).filter((c): c is X509Certificate => !!c && c.ca && vigente(c, agora));
  let atual = ler(certificadoPem);
  const usadas = new Set<X509Certificate>();
  for (let nivel = 0; atual && nivel < PROFUNDIDADE_MAXIMA; nivel++) {
    const elo: X509Certificate = atual;
    if (ancoras.some((a) => emitidoPor(elo, a))) return true;
    atual = intermediarias.find((i) => !usadas.has(i) && emitidoPor(elo, i)) ?? null;
    if (atual) usadas.add(atual);
  }
  return false;
}
