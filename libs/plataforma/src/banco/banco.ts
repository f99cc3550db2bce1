import { DataSource, type DataSourceOptions, type MixedList } from 'typeorm';

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
  tamanhoPool?: number;
}

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
    extra: { max: o.tamanhoPool ?? 10, application_name: o.app },
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
    await trava.query('SELECT pg_advisory_unlock(hashtext($1))', [`migracoes:${o.schema}`]);
    return aplicadas.map((m) => m.name);
  } finally {
    await trava.release();
    await fonte.destroy();
  }
}
