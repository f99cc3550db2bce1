/**
 * Server-side prepared statements (libs/plataforma banco/consultas-preparadas.ts) against the real
 * PostgreSQL, through the DataSource options every app uses: what the server holds, per connection,
 * is read from pg_prepared_statements.
 */
import { randomBytes } from 'node:crypto';
import { nomeDaConsulta, opcoesTypeOrm, RENOVACAO_PLANOS_INICIAL, VEZES_ANTES_DE_PREPARAR } from '@emissor/plataforma';
import { DataSource, type QueryRunner } from 'typeorm';

describe('consultas preparadas no servidor (PostgreSQL real)', () => {
  const esquema = `preparadas_${randomBytes(4).toString('hex')}`;
  let banco: DataSource;
  let conexao: QueryRunner;

  const preparadasNoServidor = async () =>
    (await conexao.query(`SELECT statement FROM pg_prepared_statements WHERE statement LIKE '%${esquema}.contas%'`)) as {
      statement: string;
    }[];

  beforeAll(async () => {
    banco = await new DataSource(
      opcoesTypeOrm({ app: 'teste-preparadas', url: process.env.E2E_DATABASE_URL!, schema: esquema, entidades: [], migracoes: [] }),
    ).initialize();
    await banco.query(`CREATE SCHEMA ${esquema}`);
    await banco.query(`CREATE TABLE ${esquema}.contas (id int PRIMARY KEY, saldo numeric NOT NULL)`);
    // One connection held for the whole test: prepared statements belong to a connection.
    conexao = banco.createQueryRunner();
    await conexao.connect();
  });

  afterAll(async () => {
    await conexao.release();
    await banco.query(`DROP SCHEMA ${esquema} CASCADE`);
    await banco.destroy();
  });

  it('a repeated parameterized text becomes a named statement after a few calls, with the same results', async () => {
    const inserir = `INSERT INTO ${esquema}.contas (id, saldo) VALUES ($1, $2) RETURNING saldo::text AS saldo`;
    const devolvidos: string[] = [];
    for (let i = 1; i <= VEZES_ANTES_DE_PREPARAR + 2; i++) {
      if (i < VEZES_ANTES_DE_PREPARAR) {
        // Not yet: a text seen fewer times stays an unnamed statement.
        devolvidos.push(((await conexao.query(inserir, [i, `${i}.10`])) as { saldo: string }[])[0].saldo);
        expect(await preparadasNoServidor()).toEqual([]);
      } else devolvidos.push(((await conexao.query(inserir, [i, `${i}.10`])) as { saldo: string }[])[0].saldo);
    }
    expect(devolvidos).toEqual(['1.10', '2.10', '3.10', '4.10', '5.10']);
    expect((await preparadasNoServidor()).map((p) => p.statement)).toEqual([inserir]);
    const [{ total }] = (await conexao.query(`SELECT sum(saldo)::text AS total FROM ${esquema}.contas`)) as { total: string }[];
    expect(total).toBe('15.50');
  });

  it('errors keep their PostgreSQL code, and the statement keeps working after a rolled-back transaction', async () => {
    const inserir = `INSERT INTO ${esquema}.contas (id, saldo) VALUES ($1, $2) RETURNING saldo::text AS saldo`;
    await expect(conexao.query(inserir, [1, '9.99'])).rejects.toMatchObject({ driverError: { code: '23505' } });
    await conexao.startTransaction();
    await conexao.query(inserir, [100, '1.00']);
    await conexao.rollbackTransaction();
    expect(await conexao.query(inserir, [100, '2.00'])).toEqual([{ saldo: '2.00' }]);
    expect((await preparadasNoServidor()).map((p) => p.statement)).toEqual([inserir]);
  });

  it('texts without parameters and multi-statement scripts stay simple queries', async () => {
    for (let i = 0; i < VEZES_ANTES_DE_PREPARAR + 1; i++)
      await conexao.query(`UPDATE ${esquema}.contas SET saldo = saldo + 1 WHERE id = 100; SELECT 1 FROM ${esquema}.contas LIMIT 1`);
    expect((await preparadasNoServidor()).map((p) => p.statement).filter((s) => s.includes('UPDATE'))).toEqual([]);
    expect(await conexao.query(`SELECT saldo::text AS saldo FROM ${esquema}.contas WHERE id = 100`)).toEqual([{ saldo: '6.00' }]);
  });

  it('a prepared SELECT * whose table gained a column fails once (0A000) and is prepared afresh on the next call', async () => {
    const ler = `SELECT * FROM ${esquema}.contas WHERE id = $1`;
    for (let i = 0; i < VEZES_ANTES_DE_PREPARAR + 1; i++) expect(await conexao.query(ler, [1])).toEqual([{ id: 1, saldo: '1.10' }]);
    // A migration of a rolling deploy, from another connection.
    await banco.query(`ALTER TABLE ${esquema}.contas ADD COLUMN apelido text NOT NULL DEFAULT 'x'`);
    await expect(conexao.query(ler, [1])).rejects.toMatchObject({ driverError: { code: '0A000' } });
    expect(await conexao.query(ler, [1])).toEqual([{ id: 1, saldo: '1.10', apelido: 'x' }]);
    expect(await conexao.query(ler, [2])).toEqual([{ id: 2, saldo: '2.10', apelido: 'x' }]);
  });

  it('a named statement is planned again as the connection works, so a plan made for other conditions does not last', async () => {
    await banco.query(`CREATE TABLE ${esquema}.notas (empresa uuid NOT NULL, codigo text NOT NULL, reemitida uuid, xml text)`);
    await banco.query(`CREATE UNIQUE INDEX notas_codigo ON ${esquema}.notas (empresa, codigo) WHERE reemitida IS NULL`);
    const usado = `SELECT EXISTS (SELECT 1 FROM ${esquema}.notas WHERE empresa = $1 AND codigo = $2 AND reemitida IS NULL) AS usado`;
    const empresa = '5f0c6d52-3d4b-4c38-9a50-2b1a33f4c001';
    const perguntar = async (codigo: string) => ((await conexao.query(usado, [empresa, codigo])) as { usado: boolean }[])[0].usado;
    const plano = async () =>
      JSON.stringify(await conexao.query(`EXPLAIN (FORMAT JSON) EXECUTE ${nomeDaConsulta(usado)!}('${empresa}', 'C-x')`));

    // The plan PostgreSQL keeps is made while a scan is the best it can do (as when a table was empty
    // and its statistics said so): index scans off on this connection while the statement settles.
    await conexao.query('SET enable_indexscan = off');
    await conexao.query('SET enable_bitmapscan = off');
    let chamadas = 0;
    // Prepared on the third call; PostgreSQL settles on its generic plan after five more.
    for (; chamadas < VEZES_ANTES_DE_PREPARAR + 6; chamadas++) expect(await perguntar(`C-${chamadas}`)).toBe(false);
    await conexao.query('RESET enable_indexscan');
    await conexao.query('RESET enable_bitmapscan');
    await banco.query(`INSERT INTO ${esquema}.notas SELECT $1, 'C-' || g, NULL, repeat('x', 200) FROM generate_series(1, 20000) g`, [
      empresa,
    ]);
    // Changed settings and a grown table (no ANALYZE) do not touch a kept plan: still the scan.
    expect(await plano()).toContain('Seq Scan');
    expect(await perguntar('C-123')).toBe(true);

    // The connection's named calls reach the first renewal (counting those of the tests above).
    for (; chamadas < RENOVACAO_PLANOS_INICIAL; chamadas++) expect(await perguntar(`N-${chamadas}`)).toBe(false);
    const renovado = await plano();
    expect(renovado).not.toContain('Seq Scan');
    expect(renovado).toContain('notas_codigo');
    expect(await perguntar('C-19999')).toBe(true);
    expect(await perguntar('C-20001')).toBe(false);
  });
});
