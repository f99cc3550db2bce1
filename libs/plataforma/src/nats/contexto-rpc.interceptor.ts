import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { falha, MensagensErro, type PedidoInterno, type PedidoRpc } from '@emissor/contracts';
import { catchError, Observable, of } from 'rxjs';
import { contextoExecucao } from '../registro/contexto-execucao';
import { ENVELOPE_RPC, problemasDoEnvelope, type TipoEnvelope } from './atender-rpc';

/**
 * Runs each NATS handler inside the request's logging context, refuses a malformed envelope of an
 * `@AtenderRpc` handler with 400 before it runs, and turns an unexpected exception into a 500 reply
 * at once (instead of leaving the gateway waiting for its timeout).
 */
@Injectable()
export class ContextoRpcInterceptor implements NestInterceptor {
  private readonly registro = new Logger('rpc');
  private readonly reflector = new Reflector();

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const pedido = ctx.switchToRpc().getData<Partial<PedidoRpc<unknown> & PedidoInterno<unknown>> | null>();
    const contexto = {
      requestId: pedido?.contexto?.requestId ?? pedido?.requestId,
      contaId: pedido?.contexto?.contaId,
      empresaId: pedido?.contexto?.empresa?.id,
    };
    // Plain @MessagePattern handlers (tests, tools) declare no envelope: nothing to check.
    const envelope = this.reflector.get<TipoEnvelope | undefined>(ENVELOPE_RPC, ctx.getHandler());
    const problemas = envelope ? problemasDoEnvelope(pedido, envelope) : null;
    return new Observable((assinante) =>
      contextoExecucao.run(contexto, () => {
        if (problemas) {
          this.registro.warn(`Pedido malformado para ${ctx.getClass().name}.${ctx.getHandler().name}: ${JSON.stringify(problemas)}`);
          return of(falha(400, MensagensErro.parametrosInvalidos, problemas)).subscribe(assinante);
        }
        return next
          .handle()
          .pipe(
            catchError((erro: Error) => {
              this.registro.error(`Falha inesperada ao tratar mensagem: ${erro?.message}`, erro?.stack);
              return of(falha(500, 'Erro interno ao processar a requisição'));
            }),
          )
          .subscribe(assinante);
      }),
    );
  }
}
