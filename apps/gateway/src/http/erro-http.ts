import { HttpException } from '@nestjs/common';

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
