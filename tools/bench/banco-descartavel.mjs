// A throwaway database for a bench run: created empty on the test server, dropped (connections and
// all) by `descartar`. `id` is a fresh random tag the caller also uses for its NATS namespace.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

export async function criarBancoDescartavel(prefixo = 'emissor_bench') {
  const id = randomBytes(4).toString('hex');
  const base = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nome = `${prefixo}_${id}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${nome}`);
  const url = new URL(base);
  url.pathname = `/${nome}`;
  return {
    id,
    nome,
    url: url.toString(),
    /** `manter` keeps the database (to look at it afterwards). */
    async descartar({ manter = false } = {}) {
      if (!manter) await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await admin.end();
    },
  };
}
