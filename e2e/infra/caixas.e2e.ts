/**
 * The outbox and inbox retention against the real PostgreSQL: a schema of this test only, made by the
 * apps' own migration function (so no relay of the running system touches its rows).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expurgarCaixas, migracaoCaixas } from '@emissor/plataforma';
import { criarEsquemaCaixas } from '../support/caixas';
import { DataSource } from 'typeorm';

describe('caixas de saída e entrada: retenção (PostgreSQL real)', () => {
  const esquema = `caixas_${randomBytes(4).toString('hex')}`;
  let banco: DataSource;

  beforeAll(async () => {
    banco = await new DataSource({ type: 'postgres', url: process.env.E2E_DATABASE_URL }).initialize();
    await criarEsquemaCaixas(banco, esquema);
  });

  afterAll(async () => {
    await banco.query(`DROP SCHEMA ${esquema} CASCADE`);
    await banco.destroy();
  });

  it('apaga só o publicado e o processado além da retenção; nada que ainda não foi publicado', async () => {
    const linha = async (criadoHoras: number, publicadoHoras: number | null) => {
      const id = randomUUID();
      await banco.query(
        `INSERT INTO ${esquema}.saida (id, assunto, dados, criado_em, publicado_em)
         VALUES ($1, 'teste', '{"xml": "<NFe/>"}', now() - make_interval(hours => $2),
                 CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
        [id, criadoHoras, publicadoHoras],
      );
      return id;
    };
    const publicadaAntiga = await linha(50, 49);
    const publicadaRecente = await linha(2, 1);
    const naoPublicadaAntiga = await linha(500, null);
    const entrada = async (horas: number) => {
      const id = randomUUID();
      await banco.query(`INSERT INTO ${esquema}.entrada (id, processado_em) VALUES ($1, now() - make_interval(hours => $2))`, [id, horas]);
      return id;
    };
    const processadaAntiga = await entrada(16 * 24);
    const processadaRecente = await entrada(14 * 24);

    const apagadas = await expurgarCaixas(banco, esquema, { CAIXA_SAIDA_RETENCAO_HORAS: 24, CAIXA_ENTRADA_RETENCAO_HORAS: 15 * 24 });

    expect(apagadas).toEqual({ saida: 1, entrada: 1 });
    const saida = (await banco.query(`SELECT id FROM ${esquema}.saida`)).map((l: { id: string }) => l.id);
    expect(saida.sort()).toEqual([publicadaRecente, naoPublicadaAntiga].sort());
    expect(saida).not.toContain(publicadaAntiga);
    const ids = (await banco.query(`SELECT id FROM ${esquema}.entrada`)).map((l: { id: string }) => l.id);
    expect(ids).toEqual([processadaRecente]);
    expect(ids).not.toContain(processadaAntiga);
    // The json column keeps what was written, and a second pass finds nothing more.
    const [{ tipo }] = await banco.query(
      `SELECT data_type AS tipo FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'saida' AND column_name = 'dados'`,
      [esquema],
    );
    expect(tipo).toBe('json');
    expect(await expurgarCaixas(banco, esquema, { CAIXA_SAIDA_RETENCAO_HORAS: 24, CAIXA_ENTRADA_RETENCAO_HORAS: 15 * 24 })).toEqual({
      saida: 0,
      entrada: 0,
    });
  });

  it('apaga em lotes curtos até o limite de lotes de uma passada', async () => {
    await banco.query(
      `INSERT INTO ${esquema}.saida (id, assunto, dados, publicado_em)
       SELECT gen_random_uuid(), 'teste', '{}', now() - interval '2 days' FROM generate_series(1, 2500)`,
    );
    const retencao = { CAIXA_SAIDA_RETENCAO_HORAS: 24, CAIXA_ENTRADA_RETENCAO_HORAS: 15 * 24 };
    expect((await expurgarCaixas(banco, esquema, retencao, 2)).saida).toBe(2000);
    expect((await expurgarCaixas(banco, esquema, retencao, 2)).saida).toBe(500);
  });

  it("nfse's inbox (recebido_em) gets processado_em on up and its own name back on down, with its rows", async () => {
    const nfse = `caixas_nfse_${randomBytes(4).toString('hex')}`;
    const colunas = async () =>
      (
        await banco.query(`SELECT column_name AS c FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'entrada'`, [
          nfse,
        ])
      ).map((l: { c: string }) => l.c);
    await banco.query(`
      CREATE SCHEMA ${nfse};
      CREATE TABLE ${nfse}.saida (id uuid PRIMARY KEY, assunto text NOT NULL, dados jsonb NOT NULL, request_id text,
        criado_em timestamptz NOT NULL DEFAULT clock_timestamp(), publicado_em timestamptz);
      CREATE TABLE ${nfse}.entrada (id text PRIMARY KEY, recebido_em timestamptz NOT NULL DEFAULT now());
      INSERT INTO ${nfse}.entrada (id) VALUES ('msg-1');
    `);
    const executor = banco.createQueryRunner();
    try {
      const migracao = new (migracaoCaixas(nfse, 'NfseCaixas1766300000000', 'recebido_em'))();
      await migracao.up(executor);
      expect((await colunas()).sort()).toEqual(['id', 'processado_em']);
      await migracao.down(executor);
      expect((await colunas()).sort()).toEqual(['id', 'recebido_em']);
      expect(await banco.query(`SELECT id FROM ${nfse}.entrada`)).toEqual([{ id: 'msg-1' }]);
      // And up again: the migration can be replayed after its own down.
      await migracao.up(executor);
      expect((await colunas()).sort()).toEqual(['id', 'processado_em']);
    } finally {
      await executor.release();
      await banco.query(`DROP SCHEMA ${nfse} CASCADE`);
    }
  });
});
