import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TipoCredencial } from '@emissor/contracts';

/**
 * API secrets are 256-bit random values, so a fast hash (SHA-256) is as safe as a slow one here:
 * slow hashes protect low-entropy passwords, and would only add latency to every request.
 */
export const hashSegredo = (segredo: string) => createHash('sha256').update(segredo, 'utf8').digest('hex');

export function segredoConfere(segredo: string, hashGuardado: string): boolean {
  const a = Buffer.from(hashSegredo(segredo), 'hex');
  const b = Buffer.from(hashGuardado, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function novaCredencial(tipo: TipoCredencial) {
  const prefixo = tipo === 'producao' ? 'prd' : 'sbx';
  const apiKey = `${prefixo}_${randomBytes(12).toString('hex')}`;
  const apiSecret = randomBytes(32).toString('base64url');
  return { apiKey, apiSecret, hashSegredo: hashSegredo(apiSecret) };
}

/** Constant-time comparison of two strings of possibly different length. */
export function textosIguais(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}
