import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the endpoints' signing keys at rest (the key must be usable to sign, so it is
 * encrypted, not hashed). Layout: version(1) | iv(12) | tag(16) | ciphertext. The associated data is
 * the endpoint id: a blob copied onto another endpoint's row does not decrypt.
 */
const VERSAO = 1;

export function cifrarSegredo(chave: Buffer, claro: string, endpointId: string): Buffer {
  const iv = randomBytes(12);
  const cifra = createCipheriv('aes-256-gcm', chave, iv);
  cifra.setAAD(Buffer.from(endpointId, 'utf8'));
  const corpo = Buffer.concat([cifra.update(claro, 'utf8'), cifra.final()]);
  return Buffer.concat([Buffer.from([VERSAO]), iv, cifra.getAuthTag(), corpo]);
}

export function decifrarSegredo(chave: Buffer, blob: Buffer, endpointId: string): string {
  if (blob[0] !== VERSAO) throw new Error(`Versão de cifra desconhecida: ${blob[0]}`);
  const decifra = createDecipheriv('aes-256-gcm', chave, blob.subarray(1, 13));
  decifra.setAAD(Buffer.from(endpointId, 'utf8'));
  decifra.setAuthTag(blob.subarray(13, 29));
  return Buffer.concat([decifra.update(blob.subarray(29)), decifra.final()]).toString('utf8');
}

/** A new signing key: 32 bytes from the CSPRNG, base64url, with a prefix that makes it recognizable in a leak scan. */
export function gerarChaveSeguranca(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
