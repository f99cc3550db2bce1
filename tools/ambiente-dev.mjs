// Development defaults shared by `npm start` and `nx serve <app>`: local services on 127.0.0.1 and
// development secrets kept in .data/ (created on first use, never used in production).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DADOS = path.join(RAIZ, '.data');

function segredoDev(nome, gerar) {
  mkdirSync(DADOS, { recursive: true });
  const arquivo = path.join(DADOS, nome);
  if (!existsSync(arquivo)) writeFileSync(arquivo, gerar(), { mode: 0o600 });
  return readFileSync(arquivo, 'utf8').trim();
}

export function ambienteDev(base = process.env) {
  return {
    ...base,
    NODE_ENV: base.NODE_ENV ?? 'development',
    DATABASE_URL: base.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emissor',
    NATS_URL: base.NATS_URL ?? 'nats://127.0.0.1:4222',
    AMQP_URL: base.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    ADMIN_TOKEN: base.ADMIN_TOKEN ?? segredoDev('admin-token', () => `dev-${randomBytes(16).toString('hex')}`),
    CHAVE_CRIPTOGRAFIA: base.CHAVE_CRIPTOGRAFIA ?? segredoDev('chave-criptografia', () => randomBytes(32).toString('base64')),
    WEBHOOK_CHAVE_CRIPTOGRAFIA: base.WEBHOOK_CHAVE_CRIPTOGRAFIA ?? segredoDev('chave-webhooks', () => randomBytes(32).toString('base64')),
    // Test CA of the simulators (trusted for client certificates, issuer of their TLS certificates)
    // and of tools/certs; created on first use.
    AC_TESTE_DIR: base.AC_TESTE_DIR ?? path.join(DADOS, 'ac-teste'),
    SEFAZ_MODE: base.SEFAZ_MODE ?? 'simulador',
  };
}
