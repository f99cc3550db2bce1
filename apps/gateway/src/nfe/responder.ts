import type { RespostaRpc } from '@emissor/contracts';
import { ErroHttp } from '../http/erro-http';

/** A service's answer as the HTTP answer: data as is, failures with the service's status and body. */
export function responder<T>(resposta: RespostaRpc<T>): T {
  if (resposta.ok) return resposta.dados;
  const { status, error, params } = resposta.falha;
  throw new ErroHttp(status, params ? { error, params } : { error });
}
