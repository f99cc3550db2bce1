import type { CallHandler, ExecutionContext, INestApplication, INestMicroservice, NestInterceptor } from '@nestjs/common';
import type { NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { finalize, type Observable } from 'rxjs';
import { inteiro } from '../configuracao/configuracao';
import { encerrarComOPai } from './processo-simples';

/**
 * Graceful shutdown within the Kubernetes grace period. Kubernetes sends SIGTERM, waits
 * `terminationGracePeriodSeconds`, then SIGKILLs: everything below must finish before that, so the
 * whole sequence is bounded by SHUTDOWN_TIMEOUT_MS (default 20 s, below the manifests' 30 s).
 */
export const definicoesEncerramento = {
  SHUTDOWN_TIMEOUT_MS: inteiro({ padrao: 20_000, minimo: 1_000, maximo: 600_000 }),
};

/** Counts NATS handlers in progress, so shutdown can wait for their replies before closing. */
export class TrabalhoEmAndamento {
  private emAndamento = 0;
  private esperando: Array<() => void> = [];

  get quantidade(): number {
    return this.emAndamento;
  }

  /** Marks one unit of work as started; the returned function ends it (calling it twice is harmless). */
  comecar(): () => void {
    this.emAndamento++;
    let terminado = false;
    return () => {
      if (terminado) return;
      terminado = true;
      this.emAndamento--;
      if (this.emAndamento === 0) for (const acordar of this.esperando.splice(0)) acordar();
    };
  }

  /** True when all work ended within `limiteMs`, false when the time ran out first. */
  aguardarOcioso(limiteMs: number): Promise<boolean> {
    if (this.emAndamento === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const relogio = setTimeout(() => resolve(false), Math.max(0, limiteMs));
      relogio.unref();
      this.esperando.push(() => {
        clearTimeout(relogio);
        resolve(true);
      });
    });
  }
}

/** Outermost interceptor of NATS handlers: a handler counts until its reply has been published. */
export class TrabalhoEmAndamentoInterceptor implements NestInterceptor {
  constructor(private readonly trabalho: TrabalhoEmAndamento) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const terminar = this.trabalho.comecar();
    return next.handle().pipe(finalize(terminar));
  }
}

interface AssinaturaNats {
  drain(): Promise<void>;
}

/**
 * The queue-group subscriptions of Nest's NATS server. Nest keeps them in `subscriptions` (its own
 * `gracefulShutdown` option unsubscribes them the same way) but exposes no public accessor; if a
 * Nest upgrade renames it, we log it and the connection drain below still stops intake.
 */
function assinaturasDoServidor(microsservico: INestMicroservice): AssinaturaNats[] | undefined {
  const servidor = (microsservico as unknown as { serverInstance?: { subscriptions?: unknown } }).serverInstance;
  return Array.isArray(servidor?.subscriptions) ? (servidor.subscriptions as AssinaturaNats[]) : undefined;
}

/** The HTTP server under Fastify: closing its listener refuses new connections at once. */
export interface ServidorHttp {
  close(pronto?: (erro?: Error) => void): unknown;
  closeIdleConnections?(): void;
}

/**
 * Closes the listener and resolves once every connection is gone. Kept-alive connections would
 * hold `close()` until their idle timeout (72 s in Fastify, longer than any grace period: load
 * balancers and ingress controllers keep connections open), so idle ones are closed as soon as
 * their last response has gone out; a request in progress is never cut.
 */
function fecharServidorHttp(servidor: ServidorHttp | undefined): Promise<void> {
  if (!servidor) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const ociosas = setInterval(() => servidor.closeIdleConnections?.(), 100);
    ociosas.unref();
    // An error here only means "was not listening".
    servidor.close(() => {
      clearInterval(ociosas);
      resolve();
    });
    servidor.closeIdleConnections?.();
  });
}

export interface OpcoesEncerramento {
  app: INestApplication;
  /** Default: app.getHttpServer(). */
  servidorHttp?: ServidorHttp;
  registro: Pick<Logger, 'info' | 'warn' | 'error'>;
  tempoLimiteMs: number;
  trabalho: TrabalhoEmAndamento;
  microsservico?: INestMicroservice;
  /** process.exit, replaceable in tests. */
  sair?: (codigo: number) => void;
}

/**
 * The order matters:
 * 1. stop taking work, both doors at once: close the HTTP listener (new connections are refused,
 *    requests in progress go on) and drain the NATS queue-group subscriptions (UNSUB, then a round
 *    trip so messages already on the wire are still handled); other replicas get the next ones;
 * 2. wait for the work in progress: NATS handlers (up to half the remaining time, so their replies
 *    are published) and HTTP requests;
 * 3. drain that NATS connection (flushes the replies, then closes it);
 * 4. `app.close()`: Fastify's own close (nothing left in flight), then Nest's shutdown hooks drain
 *    the app's other NATS connection (JetStream consumers: unacknowledged messages are redelivered
 *    to another replica), close the RPC client and destroy the PostgreSQL pool.
 * If the whole sequence outlives the limit, the process exits with 1 rather than be SIGKILLed mid-write.
 */
export async function encerrar(o: OpcoesEncerramento, sinal: string): Promise<void> {
  const sair = o.sair ?? ((codigo: number) => process.exit(codigo));
  const inicio = Date.now();
  const restante = () => o.tempoLimiteMs - (Date.now() - inicio);
  o.registro.info({ sinal, tempoLimiteMs: o.tempoLimiteMs }, 'encerrando: parando de aceitar trabalho');
  const estouro = setTimeout(() => {
    o.registro.error(
      { emAndamento: o.trabalho.quantidade, duracaoMs: Date.now() - inicio },
      'encerramento excedeu SHUTDOWN_TIMEOUT_MS: saindo assim mesmo',
    );
    sair(1);
  }, o.tempoLimiteMs);
  // Not unref'd: should every handle close while a step hangs on a promise, the process must still
  // end through sair(1), not exit 0 by running out of work.
  try {
    const httpConcluido = fecharServidorHttp(o.servidorHttp ?? (o.app.getHttpServer?.() as ServidorHttp | undefined));
    if (o.microsservico) {
      const assinaturas = assinaturasDoServidor(o.microsservico);
      if (assinaturas) await Promise.all(assinaturas.map((a) => a.drain().catch(() => undefined)));
      else o.registro.warn('assinaturas NATS do servidor Nest não encontradas: o dreno da conexão encerra a recepção');
      if (!(await o.trabalho.aguardarOcioso(restante() / 2))) {
        o.registro.warn({ emAndamento: o.trabalho.quantidade }, 'mensagens NATS ainda em processamento ao fim do prazo');
      }
      const nc = o.microsservico.unwrap<NatsConnection>();
      if (!nc.isClosed()) await nc.drain().catch(() => undefined);
    }
    await httpConcluido;
    await o.app.close();
    clearTimeout(estouro);
    o.registro.info({ duracaoMs: Date.now() - inicio }, 'encerrado');
    sair(0);
  } catch (erro) {
    clearTimeout(estouro);
    o.registro.error({ erro: (erro as Error)?.message }, 'falha no encerramento');
    sair(1);
  }
}

/**
 * Replaces Nest's `enableShutdownHooks()` (which would close the NATS server abruptly and has no
 * time bound). SIGTERM (Kubernetes, docker stop) and SIGINT (Ctrl-C) start one graceful shutdown;
 * a second SIGINT exits at once, a second SIGTERM is ignored (the orchestrator will SIGKILL).
 */
export function instalarEncerramento(o: OpcoesEncerramento): () => void {
  let emCurso = false;
  const tratar = (sinal: NodeJS.Signals) => {
    if (emCurso) {
      if (sinal === 'SIGINT') (o.sair ?? process.exit)(130);
      return;
    }
    emCurso = true;
    void encerrar(o, sinal);
  };
  process.on('SIGTERM', tratar);
  process.on('SIGINT', tratar);
  encerrarComOPai(() => tratar('SIGTERM'));
  return () => {
    process.off('SIGTERM', tratar);
    process.off('SIGINT', tratar);
  };
}
