import { applyDecorators, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  type AssuntoComContexto,
  type AssuntoInterno,
  type AssuntoRpc,
  comNamespace,
  type PedidoDe,
  type RespostaDe,
  type RespostaRpc,
} from '@emissor/contracts';
import { ehObjetoJson } from './validar-mensagem';

/** Which envelope a handler takes: `{ contexto, dados }` (a tenant's request) or `{ requestId?, dados }`. */
export type TipoEnvelope = 'contexto' | 'interno';
export const ENVELOPE_RPC = 'emissor:envelope-rpc';
/** The subject (without namespace) a handler answers: `ContextoRpcInterceptor` checks its `dados` by `MensagensRpc`. */
export const ASSUNTO_RPC = 'emissor:assunto-rpc';

type Atendimento<A extends AssuntoRpc> = (pedido: PedidoDe<A>) => RespostaRpc<RespostaDe<A>> | Promise<RespostaRpc<RespostaDe<A>>>;

function atender<A extends AssuntoRpc>(assunto: A, envelope: TipoEnvelope) {
  const decorador = applyDecorators(
    MessagePattern(comNamespace(assunto)),
    SetMetadata(ENVELOPE_RPC, envelope),
    SetMetadata(ASSUNTO_RPC, assunto),
  );
  // Typed on the method: its parameter must take the subject's request and its result be the subject's reply (MapaRpc).
  return <M extends Atendimento<A>>(alvo: object, chave: string | symbol, descritor: TypedPropertyDescriptor<M>): void => {
    decorador(alvo, chave, descritor);
  };
}

/**
 * Answers a request-reply subject the gateway sends on behalf of a tenant: `@MessagePattern` on the
 * namespaced subject, with the handler's types checked against `MapaRpc` and the envelope (context
 * included) checked at run time by `ContextoRpcInterceptor` before the handler runs.
 */
export const AtenderRpc = <A extends AssuntoComContexto>(assunto: A) => atender(assunto, 'contexto');

/** The same for a subject between back-end apps (`PedidoInterno`: no tenant context). */
export const AtenderRpcInterno = <A extends AssuntoInterno>(assunto: A) => atender(assunto, 'interno');

const ehTexto = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/**
 * What is wrong with a request's envelope, as `invalid_params` names it (`{"contexto.empresa.id": ["é obrigatório"]}`),
 * or null. Only the envelope: the payload inside `dados` is checked next by its subject's class (`MensagensRpc`).
 * A peer on another version, or a hand-made message, gets a 400 that says what is missing instead of a TypeError.
 */
export function problemasDoEnvelope(pedido: unknown, envelope: TipoEnvelope): Record<string, string[]> | null {
  if (!ehObjetoJson(pedido)) return { pedido: ['deve ser um objeto'] };
  const p: Record<string, string[]> = {};
  if (!ehObjetoJson(pedido.dados)) p.dados = [pedido.dados === undefined ? 'é obrigatório' : 'deve ser um objeto'];
  if (envelope === 'interno') {
    if (pedido.requestId !== undefined && typeof pedido.requestId !== 'string') p.requestId = ['deve ser texto'];
  } else {
    const c = pedido.contexto;
    if (!ehObjetoJson(c)) p.contexto = [c === undefined ? 'é obrigatório' : 'deve ser um objeto'];
    else {
      if (!ehTexto(c.requestId)) p['contexto.requestId'] = ['é obrigatório'];
      if (!ehTexto(c.contaId)) p['contexto.contaId'] = ['é obrigatório'];
      if (c.credencial !== 'producao' && c.credencial !== 'sandbox') p['contexto.credencial'] = ['deve ser producao ou sandbox'];
      if (!ehObjetoJson(c.empresa)) p['contexto.empresa'] = ['é obrigatório'];
      else {
        if (!ehTexto(c.empresa.id)) p['contexto.empresa.id'] = ['é obrigatório'];
        if (!ehTexto(c.empresa.cnpj)) p['contexto.empresa.cnpj'] = ['é obrigatório'];
      }
    }
  }
  return Object.keys(p).length ? p : null;
}
