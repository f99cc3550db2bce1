import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { falha, type PedidoInterno, type PedidoRpc } from '@emissor/contracts';
import { catchError, Observable, of } from 'rxjs';
import { contextoExecucao } from '../registro/contexto-execucao';

/**
 * Runs each NATS handler inside the request's logging context and turns an unexpected exception
 * into a 500 reply at once (instead of leaving the gateway waiting for its timeout).
 */
@Injectable()
export class ContextoRpcInterceptor implements NestInterceptor {
  private readonly registro = new Logger('rpc');

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const pedido = ctx.switchToRpc().getData<Partial<PedidoRpc<unknown> & PedidoInterno<unknown>>>();
    const contexto = {
      requestId: pedido?.contexto?.requestId ?? pedido?.requestId,
      contaId: pedido?.contexto?.contaId,
      empresaId: pedido?.contexto?.empresa?.id,
    };
    return new Observable((assinante) =>
      contextoExecucao.run(contexto, () =>
        next
          .handle()
          .pipe(
            catchError((erro: Error) => {
              this.registro.error(`Falha inesperada ao tratar mensagem: ${erro?.message}`, erro?.stack);
              return of(falha(500, 'Erro interno ao processar a requisição'));
            }),
          )
          .subscribe(assinante),
      ),
    );
  }
}
