import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { contextoExecucao } from '@emissor/plataforma';
import { Observable } from 'rxjs';

/** Runs each HTTP handler inside the request's logging context (request id, account, company). */
@Injectable()
export class ContextoHttpInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest();
    const contexto = { requestId: String(req.id), contaId: req.chamador?.contaId, empresaId: req.chamador?.contexto?.empresa?.id };
    return new Observable((assinante) => contextoExecucao.run(contexto, () => next.handle().subscribe(assinante)));
  }
}
