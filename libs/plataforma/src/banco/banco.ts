import { DataSource, type DataSourceOptions, type MixedList, type QueryRunner } from 'typeorm';
import { comprimirDocumentosComLz4 } from './compressao';
import { clienteDoPool } from './consultas-preparadas';

/**
 * One PostgreSQL schema per service (decisions: each app owns its data). Migrations only:
 * `synchronize` is off everywhere, and each schema keeps its own migrations table.
 */
export interface OpcoesBanco {
  app: string;
  url: string;
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entidades: MixedList<Function | string>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migracoes: MixedList<Function | string>;
  /** The app's preferred pool size; DB_POOL_MAX, when set, overrides it (tests run many systems at once). */
  tamanhoPool?: number;
}

/** DB_POOL_MAX is validated at start with the other common variables (definicoesComuns). */
const poolConfigurado = () => (process.env.DB_POOL_MAX ? Number(process.env.DB_POOL_MAX) : undefined);

export function opcoesTypeOrm(o: OpcoesBanco): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entidades,
    migrations: o.migracoes,
    migrationsTableName: 'migracoes',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // Idle connections are closed after 10 s, so a quiet app does not hold the server's slots; repeated
    // statements are prepared on the server (consultas-preparadas.ts).
    extra: { max: poolConfigurado() ?? o.tamanhoPool ?? 10, idleTimeoutMillis: 10_000, application_name: o.app, ...clienteDoPool() },
  };
}

/**
 * Applies pending migrations under an advisory lock, so several replicas (or a migration Job and a
 * developer) starting at once never run the same migration twice.
 */
export async function executarMigracoes(o: OpcoesBanco): Promise<string[]> {
  const fonte = new DataSource(opcoesTypeOrm(o));
  await fonte.initialize();
  const trava = fonte.createQueryRunner();
  try {
    await trava.connect();
    await trava.query('SELECT pg_advisory_lock(hashtext($1))', [`migracoes:${o.schema}`]);
    await trava.query(`CREATE SCHEMA IF NOT EXISTS "${o.schema}"`);
    const aplicadas = await fonte.runMigrations({ transaction: 'each' });
    await comprimirSePossivel(trava, o);
    await trava.query('SELECT pg_advisory_unlock(hashtext($1))', [`migracoes:${o.schema}`]);
    return aplicadas.map((m) => m.name);
  } finally {
    await trava.release();
    await fonte.destroy();
  }
}

/** lz4 for the schema's documents (compressao.ts); a server built without lz4 (0A000) keeps pglz. */
async function comprimirSePossivel(q: QueryRunner, o: OpcoesBanco): Promise<void> {
  try {
    await comprimirDocumentosComLz4(q, o.schema);
  } catch (erro) {
    if ((erro as { code?: string }).code !== '0A000') throw erro;
    process.stderr.write(`${o.app}: PostgreSQL sem lz4, os documentos ficam com a compressão padrão (${(erro as Error).message})\n`);
  }
}
