import type { components } from './gerado/api';

export type CorpoErro = components['schemas']['ErroResposta'] | components['schemas']['ErroValidacaoResposta'];

/** An error answer of the API (4xx/5xx): the status, the `{error, params}` body and the request id. */
export class ErroApiEmissor extends Error {
  override readonly name = 'ErroApiEmissor';
  constructor(
    readonly status: number,
    readonly corpo: CorpoErro,
    readonly requestId: string | null,
  ) {
    super(`${status} ${corpo.error}${'params' in corpo && corpo.params ? ` ${JSON.stringify(corpo.params)}` : ''}`);
  }

  /** Field paths and messages of an `invalid_params` answer (empty otherwise). */
  get params(): Record<string, string[]> {
    return 'params' in this.corpo && this.corpo.params ? this.corpo.params : {};
  }
}

/** Bad input to the SDK itself (before any request): options, identifiers, waits. */
export class ErroUsoSdk extends Error {
  override readonly name = 'ErroUsoSdk';
}

/** aguardarVeredito gave up: the note was still in this situation. */
export class ErroTempoEsgotado extends Error {
  override readonly name = 'ErroTempoEsgotado';
  constructor(readonly situacao: string) {
    super(`Tempo esgotado esperando o veredito (situação ${situacao})`);
  }
}
