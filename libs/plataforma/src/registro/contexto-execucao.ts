import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request/per-message context, so every log line carries the request id without threading it by hand. */
export interface ContextoExecucao {
  requestId?: string;
  contaId?: string;
  empresaId?: string;
}

export const contextoExecucao = new AsyncLocalStorage<ContextoExecucao>();
