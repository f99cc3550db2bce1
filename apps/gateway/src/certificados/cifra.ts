import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for secrets at rest. Layout: version(1) | iv(12) | tag(16) | ciphertext.
 * The associated data binds a blob to its owner (the company id): a blob copied to another row
 * does not decrypt. The version byte leaves room for key rotation.
 */
const VERSAO = 1;

export function cifrar(chave: Buffer, claro: Buffer, associado: string): Buffer {
  const iv = randomBytes(12);
  const cifra = createCipheriv('aes-256-gcm', chave, iv);
  cifra.setAAD(Buffer.from(associado, 'utf8'));
  const corpo = Buffer.concat([cifra.update(claro), cifra.final()]);
  return Buffer.concat([Buffer.from([VERSAO]), iv, cifra.getAuthTag(), corpo]);
}

export function decifrar(chave: Buffer, blob: Buffer, associado: string): Buffer {
  if (blob[0] !== VERSAO) throw new Error(`Versão de cifra desconhecida: ${blob[0]}`);
  const decifra = createDecipheriv('aes-256-gcm', chave, blob.subarray(1, 13));
  decifra.setAAD(Buffer.from(associado, 'utf8'));
  decifra.setAuthTag(blob.subarray(13, 29));
  return Buffer.concat([decifra.update(blob.subarray(29)), decifra.final()]);
}
