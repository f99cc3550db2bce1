import type { EntityManager } from 'typeorm';

/**
 * The documents a schema keeps (signed XML, nfeProc, outbox payloads: 10-15 KB each, written several
 * times per note) are compressed by PostgreSQL's TOAST with lz4 instead of the default pglz. pglz
 * costs more CPU per write than the statement itself; lz4 compresses about as well for XML in a
 * fraction of it. Measured in tools/bench/nfe-e2e (alternated runs, the server's default switched):
 * PostgreSQL CPU per note 5.5-5.7 ms with pglz, 5.0-5.2 ms with lz4, and about 7 % more notes per
 * second end to end.
 *
 * Run after each app's migrations (executarMigracoes): every text, json, jsonb and bytea column of
 * the schema not yet lz4 is switched, so new tables get it without a migration of their own, and a
 * second run changes nothing. Existing rows keep how they were stored (PostgreSQL reads both). A
 * server without lz4 (PostgreSQL < 14, or built without it) keeps pglz: a warning, not a failure.
 */
export async function comprimirDocumentosComLz4(banco: Pick<EntityManager, 'query'>, esquema: string): Promise<string[]> {
  const [{ suporta }]: { suporta: boolean }[] = await banco.query(`SELECT current_setting('server_version_num')::int >= 140000 AS suporta`);
  if (!suporta) return [];
  const colunas: { tabela: string; coluna: string }[] = await banco.query(
    `SELECT c.relname AS tabela, a.attname AS coluna
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
        AND a.atttypid IN ('text'::regtype, 'json'::regtype, 'jsonb'::regtype, 'bytea'::regtype)
        AND a.attcompression IS DISTINCT FROM 'l'
      ORDER BY 1, 2`,
    [esquema],
  );
  const id = (nome: string) => `"${nome.replace(/"/g, '""')}"`;
  for (const { tabela, coluna } of colunas) {
    await banco.query(`ALTER TABLE ${id(esquema)}.${id(tabela)} ALTER COLUMN ${id(coluna)} SET COMPRESSION lz4`);
  }
  return colunas.map((c) => `${c.tabela}.${c.coluna}`);
}
