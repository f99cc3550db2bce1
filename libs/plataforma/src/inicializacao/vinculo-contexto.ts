import { AsyncResource } from 'node:async_hooks';

type Funcao = (...args: unknown[]) => unknown;
type Vincular = (this: AsyncResource, fn: Funcao, thisArg?: unknown) => Funcao;

/** Node's own methods, kept so a test or a bench can compare (and restore). */
export const VINCULO_ORIGINAL = { estatico: AsyncResource.bind, instancia: AsyncResource.prototype.bind as unknown as Vincular };

/**
 * True while this Node's `AsyncResource#bind` puts on every bound function the `asyncResource`
 * accessor that DEP0172 deprecated: Node 20 builds it with `util.deprecate` on every call, about 10 µs
 * each on this machine against 0.2 µs for the binding itself (tools/bench/vinculo-contexto), and Nest
 * binds once per interceptor per request, Fastify once per request body (nodejs/node#58218; Node
 * removes the property in later lines, nodejs/node#58618).
 */
export function vinculoComPropriedadeObsoleta(): boolean {
  return (
    Object.getOwnPropertyDescriptor(
      VINCULO_ORIGINAL.estatico.call(AsyncResource, () => undefined),
      'asyncResource',
    ) !== undefined
  );
}

/**
 * Applied first thing by every app's start-up: the same binding (the function runs in the async
 * context it was bound in, so AsyncLocalStorage sees the request's store; `this`, arguments, return
 * value and `length` as Node's), without the deprecated `asyncResource` property nothing here reads.
 * Nothing changes on a Node that no longer has that property.
 */
export function instalarVinculoDeContextoLeve(): void {
  if (!vinculoComPropriedadeObsoleta()) return;
  const vincular: Vincular = function (this: AsyncResource, fn, thisArg) {
    if (typeof fn !== 'function') return VINCULO_ORIGINAL.instancia.call(this, fn, thisArg); // Node's own error
    return vincularAo(this, fn, thisArg);
  };
  AsyncResource.prototype.bind = vincular as unknown as typeof AsyncResource.prototype.bind;
  AsyncResource.bind = function (fn: Funcao, tipo?: string, thisArg?: unknown) {
    return (AsyncResource.prototype.bind as unknown as Vincular).call(
      new AsyncResource(tipo || fn.name || 'bound-anonymous-fn'),
      fn,
      thisArg,
    );
  } as unknown as typeof AsyncResource.bind;
}

/** `fn` run in `recurso`'s async scope, with the caller's `this` unless `thisArg` fixes it. */
function vincularAo(recurso: AsyncResource, fn: Funcao, thisArg: unknown): Funcao {
  const vinculada =
    thisArg === undefined
      ? function (this: unknown, ...args: unknown[]) {
          return recurso.runInAsyncScope(fn, this, ...args);
        }
      : (...args: unknown[]) => recurso.runInAsyncScope(fn, thisArg, ...args);
  Object.defineProperty(vinculada, 'length', { configurable: true, enumerable: false, value: fn.length, writable: false });
  return vinculada;
}
