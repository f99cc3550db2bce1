import { HttpException } from '@nestjs/common';
import { MENSAGEM_PROPRIEDADE_NAO_PERMITIDA } from '@emissor/plataforma';

/** An HTTP error with the exact body the spec wants, and optional headers (WWW-Authenticate, Retry-After). */
export class ErroHttp extends HttpException {
  constructor(
    status: number,
    readonly corpo: { error: string; params?: Record<string, string[]> },
    readonly cabecalhos: Record<string, string> = {},
  ) {
    super(corpo, status);
  }
}

export const parametrosInvalidos = (status: 400 | 422, params: Record<string, string[]>) =>
  new ErroHttp(status, { error: 'invalid_params', params });

/** Names the request carries that its route does not take (a body's properties, a query's parameters), at most 50 of them. */
export const propriedadesNaoPermitidas = (status: 400 | 422, nomes: string[]) =>
  parametrosInvalidos(status, Object.fromEntries(nomes.slice(0, 50).map((n) => [n, [MENSAGEM_PROPRIEDADE_NAO_PERMITIDA]])));
