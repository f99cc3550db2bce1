import { createHash } from 'node:crypto';
import { Client } from 'pg';

/**
 * Server-side prepared statements for the SQL an app runs again and again.
 *
 * node-postgres sends a parameterized query as an unnamed statement, which PostgreSQL parses,
 * analyses and plans on every call: for the hot path's CTEs that is about 40 % of the server's CPU
 * per statement (tools/bench/consultas-preparadas). A named statement is parsed once per connection
 * and then only bound and executed. The repositories keep passing plain SQL text (through TypeORM or
 * a pg Pool); this client names a text once it has been seen `VEZES_ANTES_DE_PREPARAR` times, so a
 * statement run once (a migration, an admin query) never occupies the server.
 *
 * Bounded: at most `MAXIMO_TEXTOS` distinct texts are named per process (TypeORM writes multi-row
 * INSERTs whose text changes with the row count); any text beyond that stays unnamed. The texts still
 * being counted are bounded apart, and forgotten together when they fill their room, so one-off texts
 * never keep a hot one seen later from earning its name. Off with DB_CONSULTAS_PREPARADAS=nao, for a
 * pooler in transaction mode that cannot keep them.
 */
export const VEZES_ANTES_DE_PREPARAR = 3;
export const MAXIMO_TEXTOS = 500;

/**
 * A named statement keeps the generic plan PostgreSQL made for it, and the server re-plans it only when
 * the tables' statistics change (ANALYZE). A plan made while a table was empty (a new deployment, a
 * fresh test database, a server whose autovacuum is off or has not come round yet) can read the whole
 * table on every call: the create's `codigo_externo` check took a full scan of another index of the
 * notes, 0.8 ms and 550 buffers per call after 2,600 notes (pg_stat_statements), where the unique index
 * answers in 4 buffers. So each connection drops its plans (DISCARD PLANS: the statements stay
 * prepared) after its first `RENOVACAO_PLANOS_INICIAL` named calls, and again each time the count
 * doubles, up to every `RENOVACAO_PLANOS_MAXIMA` calls: the plans are made again while the tables they
 * read grow, and at a cost of a few plannings per thousand calls.
 */
export const RENOVACAO_PLANOS_INICIAL = 100;
export const RENOVACAO_PLANOS_MAXIMA = 10_000;

/** The texts that earned a name, and how many times each of the others was seen. */
const nomes = new Map<string, string>();
const contagens = new Map<string, number>();

/** The statement name for this SQL text, or undefined while it stays an unnamed statement. */
export function nomeDaConsulta(texto: string): string | undefined {
  const nome = nomes.get(texto);
  if (nome !== undefined || nomes.size >= MAXIMO_TEXTOS) return nome;
  const vezes = (contagens.get(texto) ?? 0) + 1;
  if (vezes < VEZES_ANTES_DE_PREPARAR) {
    if (contagens.size >= MAXIMO_TEXTOS) contagens.clear();
    contagens.set(texto, vezes);
    return undefined;
  }
  contagens.delete(texto);
  // A name fixed by the text (at most 63 bytes in PostgreSQL): every connection and process agrees.
  const novo = `q_${createHash('sha1').update(texto).digest('hex')}`;
  nomes.set(texto, novo);
  return novo;
}

type Retorno = (erro: Error | null, resultado?: unknown) => void;

/**
 * A prepared `SELECT *` (or `RETURNING *`) whose table gained a column since it was prepared (a
 * migration of a rolling deploy) fails with 0A000 "cached plan must not change result type", and would
 * on every later call of this connection. That call fails (inside a transaction nothing else could run
 * anyway); the text then gets a new name on this connection, so the next call prepares it afresh.
 */
const planoObsoleto = (erro: unknown) =>
  (erro as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((erro as Error).message);

/** pg's Client, naming the parameterized texts that repeat (the pool's `Client` option). */
export class ClienteConsultasPreparadas extends Client {
  /** Texts of this connection whose statement went stale, and how many times. */
  private readonly renovadas = new Map<string, number>();
  /** Named calls of this connection, and the count at which its plans are made again. */
  private chamadasNomeadas = 0;
  private proximaRenovacaoPlanos = RENOVACAO_PLANOS_INICIAL;

  // pg's overloads are many; this keeps their runtime contract and only rewrites (text, values[, callback]).
  override query(...args: unknown[]): never {
    const [config, valores, retorno] = args;
    if (typeof config === 'string' && Array.isArray(valores) && valores.length > 0) {
      const nome = nomeDaConsulta(config);
      if (nome) {
        this.renovarPlanosSeDevido();
        const geracao = this.renovadas.get(config);
        const consulta = { name: geracao ? `${nome}_${geracao}` : nome, text: config, values: valores };
        const renovarSeObsoleta = (erro: unknown) => {
          if (planoObsoleto(erro)) this.renovadas.set(config, (geracao ?? 0) + 1);
        };
        if (typeof retorno === 'function')
          return super.query(consulta, (erro: Error | null, resultado?: unknown) => {
            if (erro) renovarSeObsoleta(erro);
            (retorno as Retorno)(erro, resultado);
          }) as never;
        return super.query(consulta).catch((erro: unknown) => {
          renovarSeObsoleta(erro);
          throw erro;
        }) as never;
      }
    }
    return (super.query as (...a: unknown[]) => unknown)(...args) as never;
  }

  /**
   * Queued ahead of the call that reaches the count, in the same transaction if one is open (DISCARD
   * PLANS is allowed there). Its failure (an aborted transaction) changes nothing for that call, which
   * fails or runs as it would have; the plans are then dropped at the next count.
   */
  private renovarPlanosSeDevido(): void {
    if (++this.chamadasNomeadas < this.proximaRenovacaoPlanos) return;
    this.proximaRenovacaoPlanos += Math.min(this.proximaRenovacaoPlanos, RENOVACAO_PLANOS_MAXIMA);
    (super.query('DISCARD PLANS') as Promise<unknown>).catch(() => undefined);
  }
}

/** The pool option that turns them on, unless DB_CONSULTAS_PREPARADAS=nao. */
export function clienteDoPool(env: NodeJS.ProcessEnv = process.env): { Client?: typeof Client } {
  return env.DB_CONSULTAS_PREPARADAS === 'nao' ? {} : { Client: ClienteConsultasPreparadas };
}
