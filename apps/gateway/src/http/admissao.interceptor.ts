import { type CallHandler, type ExecutionContext, Inject, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MensagensErro } from '@emissor/contracts';
import { metricas, ROTA_PUBLICA } from '@emissor/plataforma';
import { defer, finalize, from, mergeMap, type Observable } from 'rxjs';
import { CONFIG, type ConfigGateway } from '../config';
import { Admissao, SistemaSobrecarregado } from './admissao';
import { ErroHttp } from './erro-http';

/** How long a refused client should wait: the line drains in about that much. */
const ESPERA_SUGERIDA_S = 1;

/**
 * Every authenticated route goes through admission (admissao.ts) after the guard (401 and 429
 * first); public routes (health, metrics, docs) never wait. A refusal is 503 with Retry-After, sent
 * before the route runs: nothing reaches a service, nothing is created, and the idempotency layer
 * (which runs inside this one) never stores it.
 */
@Injectable()
export class AdmissaoInterceptor implements NestInterceptor {
  private readonly admissao: Admissao;

  constructor(
    private readonly reflector: Reflector,
    @Inject(CONFIG) config: ConfigGateway,
  ) {
    this.admissao = new Admissao({
      limiteMaximo: config.REQUISICOES_SIMULTANEAS_MAXIMAS,
      limiteMinimo: Math.min(config.REQUISICOES_SIMULTANEAS_MINIMAS, config.REQUISICOES_SIMULTANEAS_MAXIMAS),
      latenciaAlvoMs: config.LATENCIA_ALVO_MS,
      esperaMaximaMs: config.ESPERA_MAXIMA_FILA_MS,
      filaMaxima: config.FILA_MAXIMA,
    });
  }

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http' || this.reflector.getAllAndOverride<boolean>(ROTA_PUBLICA, [ctx.getHandler(), ctx.getClass()]))
      return next.handle();
    return defer(() =>
      from(
        this.admissao.entrar().catch((erro: unknown) => {
          if (!(erro instanceof SistemaSobrecarregado)) throw erro;
          metricas.recusasSobrecarga().inc();
          throw new ErroHttp(503, { error: MensagensErro.servicoIndisponivel }, { 'Retry-After': String(ESPERA_SUGERIDA_S) });
        }),
      ),
    ).pipe(mergeMap((sair) => next.handle().pipe(finalize(sair))));
  }
}
