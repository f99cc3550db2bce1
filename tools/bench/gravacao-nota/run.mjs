// node tools/bench/gravacao-nota/run.mjs [notas-por-modo]
// CPU per note of writing a batch of new NF-e (the notes' rows and their outbox rows) in nfe-service's
// transaction, against a throwaway database on the real PostgreSQL with nfe-service's migrations:
// the ways used until 2026-11-27 (TypeORM's insert; the outbox as a JSON array read with
// json_populate_recordset), the morning of 2026-11-27's (a multi-row INSERT with one parameter per
// value for the notes, another for the outbox) and today's (RepositorioNotas.gravarNotas: both INSERTs
// as the parts of one statement). Both sides are printed: this process (node) and
// the PostgreSQL backend serving its one connection (/proc). Blocks of each way alternate in one
// process, so the ratios are fair on a noisy machine.
import { createRequire } from 'node:module';
import { criarBancoDescartavel } from '../banco-descartavel.mjs';

const require = createRequire(import.meta.url);
require('../xml-sign/registrar-ts.cjs');
await require('./bench.ts').executar(Number(process.argv[2] ?? 3000), criarBancoDescartavel);
