import { Agrupador } from './agrupador';

describe('agrupador de chamadas em lotes', () => {
  it('chamadas no mesmo turno viram um lote; cada uma recebe a sua resposta', async () => {
    const lotes: number[][] = [];
    const a = new Agrupador<number, number>(async (xs) => {
      lotes.push(xs);
      return xs.map((x) => x * 10);
    });
    const r = await Promise.all([1, 2, 3].map((x) => a.executar(x)));
    expect(r).toEqual([10, 20, 30]);
    expect(lotes).toEqual([[1, 2, 3]]);
  });

  it('com o limite de lotes em voo atingido, as novas chamadas esperam e formam o próximo lote', async () => {
    const lotes: number[][] = [];
    let liberar!: () => void;
    const primeiro = new Promise<void>((r) => (liberar = r));
    const a = new Agrupador<number, number>(
      async (xs) => {
        lotes.push(xs);
        if (lotes.length === 1) await primeiro;
        return xs;
      },
      { maximo: 100, paralelo: 1 },
    );
    const p1 = a.executar(1);
    await new Promise((r) => setImmediate(r));
    const resto = [2, 3, 4].map((x) => a.executar(x));
    await new Promise((r) => setImmediate(r));
    expect(lotes).toEqual([[1]]);
    liberar();
    expect(await Promise.all([p1, ...resto])).toEqual([1, 2, 3, 4]);
    expect(lotes).toEqual([[1], [2, 3, 4]]);
  });

  it('respeita o tamanho máximo do lote e propaga falhas a todo o lote', async () => {
    const tamanhos: number[] = [];
    const a = new Agrupador<number, number>(
      async (xs) => {
        tamanhos.push(xs.length);
        if (xs.includes(5)) throw new Error('falhou');
        return xs;
      },
      { maximo: 2 },
    );
    const r = await Promise.allSettled([1, 2, 3, 4, 5].map((x) => a.executar(x)));
    expect(tamanhos).toEqual([2, 2, 1]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  });

  it('isolarFalhas: a batch that fails is run call by call, so only the bad call fails', async () => {
    const lotes: number[][] = [];
    const a = new Agrupador<number, number>(
      async (xs) => {
        lotes.push(xs);
        if (xs.includes(3)) throw new Error(`falhou ${xs.join(',')}`);
        return xs.map((x) => x * 10);
      },
      { isolarFalhas: true },
    );
    const r = await Promise.allSettled([1, 2, 3, 4].map((x) => a.executar(x)));
    expect(r.map((x) => (x.status === 'fulfilled' ? x.value : (x.reason as Error).message))).toEqual([10, 20, 'falhou 3', 40]);
    expect(lotes).toEqual([[1, 2, 3, 4], [1], [2], [3], [4]]);
  });

  it('chave: calls with the same key never share a batch; the later one waits until the batch with its key is done', async () => {
    const lotes: string[][] = [];
    let emVoo = 0;
    const a = new Agrupador<string, string>(
      async (xs) => {
        lotes.push(xs);
        emVoo++;
        // Never two batches with key "a" at once.
        expect(emVoo === 1 || !xs.some((x) => x.startsWith('a:'))).toBe(true);
        await new Promise((r) => setImmediate(r));
        emVoo--;
        return xs;
      },
      { chave: (x) => x.split(':')[0] },
    );
    expect(await Promise.all(['a:1', 'b:1', 'a:2', 'c:1', 'a:3'].map((x) => a.executar(x)))).toEqual(['a:1', 'b:1', 'a:2', 'c:1', 'a:3']);
    expect(lotes).toEqual([['a:1', 'b:1', 'c:1'], ['a:2'], ['a:3']]);
  });
});
