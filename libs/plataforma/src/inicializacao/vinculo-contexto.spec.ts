import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { instalarVinculoDeContextoLeve, VINCULO_ORIGINAL, vinculoComPropriedadeObsoleta } from './vinculo-contexto';

describe('instalarVinculoDeContextoLeve: AsyncResource#bind without the deprecated property', () => {
  const contexto = new AsyncLocalStorage<string>();
  beforeAll(() => instalarVinculoDeContextoLeve());
  afterAll(() => {
    AsyncResource.bind = VINCULO_ORIGINAL.estatico;
    AsyncResource.prototype.bind = VINCULO_ORIGINAL.instancia as unknown as typeof AsyncResource.prototype.bind;
  });

  it('Node 20 had the deprecated property on bound functions; once installed they no longer get it', () => {
    // Node 20 (this project's) puts it on every bound function.
    const deNode = VINCULO_ORIGINAL.instancia.call(new AsyncResource('teste'), () => 1);
    expect(Object.getOwnPropertyDescriptor(deNode, 'asyncResource') !== undefined).toBe(process.versions.node.startsWith('20.'));
    expect(vinculoComPropriedadeObsoleta()).toBe(false);
    expect(
      Object.getOwnPropertyDescriptor(
        AsyncResource.bind(() => 1),
        'asyncResource',
      ),
    ).toBeUndefined();
  });

  it('the bound function runs in the context it was bound in, whatever context calls it (static and instance)', async () => {
    const estatica = contexto.run('pedido-1', () => AsyncResource.bind(() => contexto.getStore()));
    const deInstancia = contexto.run('pedido-2', () => new AsyncResource('teste').bind(() => contexto.getStore()));
    expect(contexto.run('outro', () => [estatica(), deInstancia()])).toEqual(['pedido-1', 'pedido-2']);
    expect(await new Promise((r) => setImmediate(() => r([estatica(), deInstancia()])))).toEqual(['pedido-1', 'pedido-2']);
  });

  it('arguments, return value, `this` and `length` as Node gives them', () => {
    function somar(this: unknown, a: number, b: number) {
      return ((this as { base?: number } | undefined)?.base ?? 0) + a + b;
    }
    const livre = AsyncResource.bind(somar);
    expect(livre.length).toBe(2);
    expect(livre.call({ base: 10 }, 1, 2)).toBe(13);
    // @types/node leaves thisArg out of the instance method's signature; Node takes it.
    const vincularCom = new AsyncResource('teste').bind as unknown as (fn: typeof somar, thisArg: unknown) => typeof somar;
    const fixa = vincularCom.call(new AsyncResource('teste'), somar, { base: 100 });
    expect(fixa.length).toBe(2);
    expect(fixa.call({ base: 10 }, 1, 2)).toBe(103);
    const comTipo = AsyncResource.bind as unknown as (fn: typeof somar, tipo: string, thisArg: unknown) => (a: number, b: number) => number;
    expect(comTipo(somar, 'tipo', { base: 5 })(1, 1)).toBe(7);
    expect(() => new AsyncResource('teste').bind(42 as never)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });
});
