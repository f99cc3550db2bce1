import { executarMigracoes, type OpcoesBanco } from './banco';

/** What an app's `migrate.js` exports: its schema and its migrations (applied to DATABASE_URL). */
export type DefinicaoMigracao = Omit<OpcoesBanco, 'url'>;

/** The line printed for each app whose migrations ran: npm start, the tests and the benches log it. */
export const linhaMigracao = (d: DefinicaoMigracao, aplicadas: string[]) =>
  JSON.stringify({ app: d.app, schema: d.schema, migracoes_aplicadas: aplicadas });

/**
 * Each app's `migrate.js`: run as the process's entry (`node migrate.js`, the image's init
 * container) it applies the app's migrations and exits; required by another module (tools/migrate.mjs
 * applies every app's in one process) it only hands over the definition.
 */
export function principalMigracao(definicao: DefinicaoMigracao, modulo: NodeJS.Module): DefinicaoMigracao {
  if (require.main !== modulo) return definicao;
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/emissor';
  executarMigracoes({ ...definicao, url })
    .then((aplicadas) => process.stdout.write(`${linhaMigracao(definicao, aplicadas)}\n`))
    .catch((erro: Error) => {
      process.stderr.write(`${definicao.app}: migrações falharam: ${erro.message}\n`);
      process.exit(1);
    });
  return definicao;
}
