import { executarMigracoes, type OpcoesBanco } from './banco';

/** Entry point of each app's `migrate.js`: applies its migrations to DATABASE_URL and exits. */
export function principalMigracao(definicao: Omit<OpcoesBanco, 'url'>): void {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emissor';
  executarMigracoes({ ...definicao, url })
    .then((aplicadas) => {
      process.stdout.write(`${JSON.stringify({ app: definicao.app, schema: definicao.schema, migracoes_aplicadas: aplicadas })}\n`);
    })
    .catch((erro: Error) => {
      process.stderr.write(`${definicao.app}: migrações falharam: ${erro.message}\n`);
      process.exit(1);
    });
}
