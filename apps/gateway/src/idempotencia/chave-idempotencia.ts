import { createHash } from 'node:crypto';
import { parametrosInvalidos } from '../http/erro-http';

export const CABECALHO_IDEMPOTENCIA = 'Idempotency-Key';
export const CABECALHO_REPETIDA = 'Idempotent-Replayed';
export const MENSAGEM_OUTRO_CORPO = 'Idempotency-Key já usada com outro corpo';

/** 1 to 255 printable ASCII characters (decisions §11). */
const CHAVE_VALIDA = /^[\x20-\x7E]{1,255}$/;

/** The header's key, or a 400 invalid_params naming the header. Never echoes the value. */
export function lerChaveIdempotencia(valor: string | string[]): string {
  if (typeof valor === 'string' && CHAVE_VALIDA.test(valor)) return valor;
  throw parametrosInvalidos(400, { [CABECALHO_IDEMPOTENCIA]: ['deve ter de 1 a 255 caracteres ASCII imprimíveis'] });
}

/**
 * What "the same request" means for a key: same method, same path, same company and the same JSON
 * body, whatever the order of its keys or its spacing. A SHA-256 of that (the body itself is not kept).
 */
export function impressaoDaRequisicao(r: { metodo: string; caminho: string; empresaId: string | undefined; corpo: unknown }): string {
  return createHash('sha256')
    .update(JSON.stringify([r.metodo, r.caminho, r.empresaId ?? null, canonico(r.corpo)]))
    .digest('hex');
}

/** Objects with their keys sorted, recursively (arrays keep their order). */
function canonico(valor: unknown): unknown {
  if (Array.isArray(valor)) return valor.map(canonico);
  if (valor === null || typeof valor !== 'object') return valor ?? null;
  return Object.fromEntries(
    Object.keys(valor)
      .sort()
      .map((k) => [k, canonico((valor as Record<string, unknown>)[k])]),
  );
}
