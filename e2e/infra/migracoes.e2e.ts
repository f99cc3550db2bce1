/**
 * `npm run migrate` (tools/migrate.mjs): every app's migrations in one process, which npm start, the
 * tests and the benches use; and each app's own `migrate.js` as an entry point (the image's init
 * container), on a throwaway database of the real PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Client } from 'pg';
import { sistema } from '../support/sistema';

const executar = (arquivo: string, url: string) =>
  spawnSync(process.execPath, [arquivo], { cwd: sistema.RAIZ, env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
const linhas = (saida: string) =>
  saida
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { app: string; schema: string; migracoes_aplicadas: string[] });

describe('migrações: todas num processo, e cada app pelo seu migrate.js', () => {
  const baseUrl = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const banco = `emissor_migracoes_${randomBytes(4).toString('hex')}`;
  const url = Object.assign(new URL(baseUrl), { pathname: `/${banco}` }).toString();
  const todas = path.join(sistema.RAIZ, 'tools', 'migrate.mjs');
  const admin = new Client({ connectionString: baseUrl });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${banco}`);
  });

  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
    await admin.end();
  });

  it('aplica o schema de cada app, na ordem do lançador; uma segunda vez não aplica nada', async () => {
    const primeira = executar(todas, url);
    expect([primeira.status, primeira.stderr]).toEqual([0, '']);
    const aplicadas = linhas(primeira.stdout);
    expect(aplicadas.map((l) => l.app)).toEqual(sistema.APPS.map((a: { nome: string }) => a.nome));
    for (const l of aplicadas) expect(l.migracoes_aplicadas.length).toBeGreaterThan(0);

    const banco2 = new Client({ connectionString: url });
    await banco2.connect();
    const { rows } = await banco2.query('SELECT nspname FROM pg_namespace WHERE nspname = ANY($1) ORDER BY nspname', [
      aplicadas.map((l) => l.schema),
    ]);
    await banco2.end();
    expect(rows.map((r) => r.nspname)).toEqual(aplicadas.map((l) => l.schema).sort());

    const segunda = executar(todas, url);
    expect(segunda.status).toBe(0);
    expect(linhas(segunda.stdout).every((l) => l.migracoes_aplicadas.length === 0)).toBe(true);
  });

  it('o migrate.js de um app, como entrada do processo, aplica só o seu', () => {
    const r = executar(sistema.arquivoApp('gateway', 'migrate'), url);
    expect(r.status).toBe(0);
    expect(linhas(r.stdout)).toEqual([{ app: 'gateway', schema: 'cadastro', migracoes_aplicadas: [] }]);
  });

  it('banco inexistente: sai com 1 e diz qual app falhou', () => {
    const semBanco = Object.assign(new URL(baseUrl), { pathname: `/${banco}_nao_existe` }).toString();
    const r = executar(todas, semBanco);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`^${sistema.APPS[0].nome}: migrações falharam: .*${banco}_nao_existe`));
  });
});
