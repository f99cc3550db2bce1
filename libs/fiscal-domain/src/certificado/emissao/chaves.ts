// RSA keys for test certificates. Generation costs ~100 ms per 2048-bit key (Node's native
// crypto; pure-JS forge is far slower), so by default keys come from small per-process pools,
// one per role: a leaf never shares its key with a CA (the PFX reader matches the leaf by key),
// and consecutive certificates of the same role get different keys.
import { KeyObject, createPublicKey, generateKeyPairSync } from 'node:crypto';

export type PapelChave = 'ac' | 'entidade';

const TAMANHO_POOL: Record<PapelChave, number> = { ac: 3, entidade: 4 };
const pools: Record<PapelChave, KeyObject[]> = { ac: [], entidade: [] };
const proximo: Record<PapelChave, number> = { ac: 0, entidade: 0 };

export interface ParDeChaves {
  privada: KeyObject;
  publica: KeyObject;
}

export function gerarChaveRsa(bits = 2048): ParDeChaves {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 0x10001 });
  return { privada: privateKey, publica: publicKey };
}

/** A pooled key for `papel`, or a fresh one when `nova` (e.g. a test that needs distinct keys). */
export function chaveDeTeste(papel: PapelChave, nova = false): ParDeChaves {
  if (nova) return gerarChaveRsa();
  const pool = pools[papel];
  const indice = proximo[papel];
  proximo[papel] = (indice + 1) % TAMANHO_POOL[papel];
  if (!pool[indice]) pool[indice] = gerarChaveRsa().privada;
  const privada = pool[indice];
  return { privada, publica: createPublicKey(privada) };
}
