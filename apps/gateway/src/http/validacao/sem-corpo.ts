import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { parametrosInvalidos, propriedadesNaoPermitidas } from '../erro-http';

export const MENSAGEM_ROTA_SEM_CORPO = 'esta rota não recebe corpo';

/**
 * The body of a POST that takes none: absent or `{}` (what many clients send by default) is fine;
 * anything else is a 422 naming it, so a field a client thinks it sets is not silently ignored.
 */
export function exigirSemCorpo(corpo: unknown): void {
  if (corpo === undefined) return;
  if (corpo !== null && typeof corpo === 'object' && !Array.isArray(corpo)) {
    const chaves = Object.keys(corpo);
    if (!chaves.length) return;
    throw propriedadesNaoPermitidas(422, chaves);
  }
  throw parametrosInvalidos(422, { corpo: [MENSAGEM_ROTA_SEM_CORPO] });
}

/** A route parameter that checks the request has no body (it documents none in the OpenAPI, unlike @Body). */
export const SemCorpo = createParamDecorator((_: unknown, contexto: ExecutionContext): void =>
  exigirSemCorpo(contexto.switchToHttp().getRequest<{ body?: unknown }>().body),
);
