import { randomBytes } from 'node:crypto';
import { contextoExecucao, LotesTransacionais } from '@emissor/plataforma';
import { DataSource, type EntityManager } from 'typeorm';

/** A unit of work with its caller's execution context, as nfe-service's results hold their messages. */
interface Unidade {
  trabalho: (tx: EntityManager) => Promise<number>;
  contexto: ReturnType<typeof contextoExecucao.getStore>;
}

/** The units of a batch one after the other (a transaction is one connection), each in its caller's context. */
const emLotes = (banco: DataSource, maximo: number) =>
  new LotesTransacionais<Unidade, number>(
    banco,
    async (tx, unidades) => {
      const r: number[] = [];
      for (const u of unidades) r.push(await contextoExecucao.run(u.contexto ?? {}, () => u.trabalho(tx)));
      return r;
    },
    maximo,
  );
const unidade = (trabalho: Unidade['trabalho']): Unidade => ({ trabalho, contexto: contextoExecucao.getStore() });

describe('LotesTransacionais: group commit sobre o PostgreSQL real', () => {
  const tabela = `public.agrupadas_${randomBytes(4).toString('hex')}`;
  let banco: DataSource;

  beforeAll(async () => {
    banco = new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL, poolSize: 2 });
    await banco.initialize();
    await banco.query(`CREATE TABLE ${tabela} (id int PRIMARY KEY, request_id text)`);
  });

  afterAll(async () => {
    await banco.query(`DROP TABLE IF EXISTS ${tabela}`);
    await banco.destroy();
  });

  it('grava todas as unidades concorrentes, com menos commits que unidades, cada uma com seu request id', async () => {
    const agrupadas = emLotes(banco, 16);
    const transacoes = new Set<number>();
    const resultados = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        contextoExecucao.run({ requestId: `req-${i}` }, () =>
          agrupadas.executar(
            unidade(async (tx) => {
              const [{ xid }] = await tx.query('SELECT txid_current()::int AS xid');
              transacoes.add(xid);
              await tx.query(`INSERT INTO ${tabela} (id, request_id) VALUES ($1, $2)`, [i, contextoExecucao.getStore()?.requestId]);
              return i * 2;
            }),
          ),
        ),
      ),
    );
    expect(resultados).toEqual(Array.from({ length: 100 }, (_, i) => i * 2));
    const linhas: { id: number; request_id: string }[] = await banco.query(`SELECT id, request_id FROM ${tabela} ORDER BY id`);
    expect(linhas).toEqual(Array.from({ length: 100 }, (_, i) => ({ id: i, request_id: `req-${i}` })));
    // 100 units arrived together; the first ran alone, the rest in groups of at most 16.
    expect(transacoes.size).toBeLessThan(100);
    expect(transacoes.size).toBeGreaterThanOrEqual(1 + Math.ceil(99 / 16));
  });

  it('uma unidade que falha não derruba as outras do mesmo grupo, e nada dela fica gravado', async () => {
    await banco.query(`DELETE FROM ${tabela}`);
    const agrupadas = emLotes(banco, 64);
    const resultados = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        agrupadas.executar(
          unidade(async (tx) => {
            await tx.query(`INSERT INTO ${tabela} (id) VALUES ($1)`, [i]);
            // Unit 7 breaks a constraint after writing: its row must not survive, the others' must.
            if (i === 7) await tx.query(`INSERT INTO ${tabela} (id) VALUES (0)`);
            return i;
          }),
        ),
      ),
    );
    expect(resultados.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect((resultados[7] as PromiseRejectedResult).reason).toMatchObject({ code: '23505' });
    const ids = (await banco.query(`SELECT id FROM ${tabela} ORDER BY id`)).map((l: { id: number }) => l.id);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i).filter((i) => i !== 7));
  });
});
