import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { insercaoDeLinhas } from '../banco/insercao';
import { ehAssuntoDeComando } from '@emissor/contracts';
import { exigirMensagemNoContrato } from '../nats/validar-mensagem';
import { contextoExecucao } from '../registro';

/**
 * Transactional outbox and inbox, shared by every app that owns a schema with `saida` and `entrada`
 * tables (see the apps' migrations): a command, result or event written in the caller's transaction
 * exists if and only if the state change that caused it was committed. The row id is the JetStream
 * message id and the id consumers deduplicate on.
 */
export interface LinhaSaida {
  id: string;
  assunto: string;
  dados: unknown;
  requestId: string | null;
  /** `dados` as JSON text, set by gravarSaidas: the insert and a publish from memory share one stringify. */
  texto?: string;
}

/** The row's payload as JSON text, computed once. */
export const textoDaLinha = (l: LinhaSaida): string => (l.texto ??= JSON.stringify(l.dados));

const COLUNAS_SAIDA = ['id', 'assunto', 'dados', 'request_id'] as const;

const ESQUEMA_VALIDO = /^[a-z_][a-z0-9_]*$/;

/** The schema name goes into SQL text: only plain identifiers, fixed by the app, are accepted. */
export function esquemaSaida(esquema: string): string {
  if (!ESQUEMA_VALIDO.test(esquema)) throw new Error(`esquema inválido para a caixa de saída: ${esquema}`);
  return esquema;
}

/** Whether the app's schema has an inbox (`<esquema>.entrada`): not every app with an outbox consumes messages. */
export async function temCaixaEntrada(banco: Pick<EntityManager, 'query'>, esquema: string): Promise<boolean> {
  const [{ existe }]: { existe: boolean }[] = await banco.query(`SELECT to_regclass($1) IS NOT NULL AS existe`, [
    `${esquemaSaida(esquema)}.entrada`,
  ]);
  return existe;
}

/**
 * An outbox row carrying the current request id (read now: a batch may be written from another context).
 * A command's payload is checked against its subject's class first, as the adapter will check it: one
 * that does not fit throws ErroMensagemForaDoContrato here, inside the transaction of the request that
 * would have written it, so the note is not created or changed. Results and events record what already
 * happened (an authority's verdict): those are written as they are, and a consumer that cannot read one
 * keeps it for a release that can (consumirJetStream).
 */
export function linhaSaida(assunto: string, dados: unknown, id: string = randomUUID()): LinhaSaida {
  if (ehAssuntoDeComando(assunto)) exigirMensagemNoContrato(assunto, dados);
  return { id, assunto, dados, requestId: contextoExecucao.getStore()?.requestId ?? null };
}

/**
 * Writes outbox rows in one statement inside the caller's transaction. A row whose id already exists
 * is left alone (deterministic ids: writing the same result twice yields one message). Each payload
 * goes as its own parameter, its JSON text made once (textoDaLinha, shared with the publish from
 * memory), so PostgreSQL checks it once: a JSON array of the rows read with json_populate_recordset
 * made the server parse each payload (a note's command carries its signed XML) up to three times
 * (tools/bench/gravacao-nota).
 */
export async function gravarSaidas(tx: EntityManager, esquema: string, linhas: LinhaSaida[]): Promise<void> {
  if (!linhas.length) return;
  const { sql, valores } = insercaoSaidas(esquema, linhas);
  await tx.query(sql, valores);
}

/**
 * The outbox INSERT of `linhas` (at least one), to run alone (gravarSaidas) or as a part of a larger
 * statement that writes what caused them (parameters numbered from `primeiroParametro`).
 */
export function insercaoSaidas(esquema: string, linhas: LinhaSaida[], primeiroParametro = 1): { sql: string; valores: unknown[] } {
  const valores: unknown[] = [];
  for (const l of linhas) valores.push(l.id, l.assunto, textoDaLinha(l), l.requestId);
  const sql = insercaoDeLinhas(
    `${esquemaSaida(esquema)}.saida`,
    COLUNAS_SAIDA,
    linhas.length,
    'ON CONFLICT (id) DO NOTHING',
    primeiroParametro,
  );
  return { sql, valores };
}

/** Inbox: true the first time a message id is seen in this transaction's commit, false after. */
export async function primeiraVez(tx: EntityManager, esquema: string, idMensagem: string): Promise<boolean> {
  return (await primeirasVezes(tx, esquema, [idMensagem])).has(idMensagem);
}

/**
 * Inbox for a batch of messages, one statement: the ids seen for the first time (each once, however
 * often it appears in `idsMensagens`). The others were applied before.
 */
export async function primeirasVezes(tx: EntityManager, esquema: string, idsMensagens: string[]): Promise<Set<string>> {
  const inseridas: { id: string }[] = await tx.query(
    `INSERT INTO ${esquemaSaida(esquema)}.entrada (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING RETURNING id`,
    [idsMensagens],
  );
  return new Set(inseridas.map((l) => l.id));
}

/** The outbox and inbox functions bound to one app's schema: `export const { gravarSaida, … } = caixaSaida('nfe')`. */
export function caixaSaida(esquema: string) {
  const esq = esquemaSaida(esquema);
  return {
    gravarSaidas: (tx: EntityManager, linhas: LinhaSaida[]) => gravarSaidas(tx, esq, linhas),
    insercaoSaidas: (linhas: LinhaSaida[], primeiroParametro?: number) => insercaoSaidas(esq, linhas, primeiroParametro),
    /** One row; returns its id. */
    gravarSaida: async (tx: EntityManager, assunto: string, dados: unknown, id: string = randomUUID()): Promise<string> => {
      await gravarSaidas(tx, esq, [linhaSaida(assunto, dados, id)]);
      return id;
    },
    primeiraVez: (tx: EntityManager, idMensagem: string) => primeiraVez(tx, esq, idMensagem),
    primeirasVezes: (tx: EntityManager, idsMensagens: string[]) => primeirasVezes(tx, esq, idsMensagens),
  };
}
