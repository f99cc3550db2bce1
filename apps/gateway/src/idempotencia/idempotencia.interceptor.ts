import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';
import type { Chamador } from '../autenticacao/decoradores';
import { ErroHttp } from '../http/erro-http';
import { problemasDaEstrutura } from '../http/validacao/validacao.pipe';
import { impressaoDaRequisicao, lerChaveIdempotencia, MENSAGEM_OUTRO_CORPO } from './chave-idempotencia';
import { IdempotenciaService } from './idempotencia.service';
import { RespostaRepetida } from './resposta-repetida';
import { rotaIdempotente } from './rotas-idempotentes';

/**
 * `Idempotency-Key` on the routes of rotas-idempotentes.ts. Runs after the guard (the key belongs
 * to the authenticated credential; a 401/429/404 is never stored) and before the body is validated
 * (a bad header is a 400 whatever the body; another body under a used key is a 422).
 */
@Injectable()
export class IdempotenciaInterceptor implements NestInterceptor {
  constructor(private readonly idempotencia: IdempotenciaService) {}

  async intercept(ctx: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (ctx.getType() !== 'http') return next.handle();
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { chamador?: Chamador }>();
    const valor = req.headers['idempotency-key'];
    if (valor === undefined || !req.chamador || !rotaIdempotente(req.method, req.routeOptions?.url)) return next.handle();
    const chave = lerChaveIdempotencia(valor);
    // A body the validation refuses for its structure (too deep to hash safely, among others)
    // creates nothing: it goes on without the key and gets its 422.
    if (problemasDaEstrutura(req.body ?? null)) return next.handle();

    const credencialId = req.chamador.credencialId;
    const impressao = impressaoDaRequisicao({
      metodo: req.method,
      caminho: req.url,
      empresaId: req.chamador.contexto?.empresa.id,
      corpo: req.body,
    });
    const reserva = await this.idempotencia.reservar(credencialId, chave, impressao);
    if (reserva.tipo === 'outro_corpo') throw new ErroHttp(422, { error: MENSAGEM_OUTRO_CORPO });
    if (reserva.tipo === 'repetir') throw new RespostaRepetida(reserva.status, reserva.tipoConteudo, reserva.corpo);
    this.idempotencia.marcar(req, { credencialId, chave, dono: reserva.dono });
    return next.handle();
  }
}
