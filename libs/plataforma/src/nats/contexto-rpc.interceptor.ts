import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { classeMensagemRpc, falha, MensagensErro, type PedidoInterno, type PedidoRpc } from '@emissor/contracts';
import { catchError, Observable, of } from 'rxjs';
import { contextoExecucao } from '../registro/contexto-execucao';
import { ASSUNTO_RPC, ENVELOPE_RPC, problemasDoEnvelope, type TipoEnvelope } from './atender-rpc';
import { type ProblemasMensagem, validarMensagem } from './validar-mensagem';

/**
 * Runs each NATS handler inside the request's logging context, refuses a malformed envelope of an
 * `@AtenderRpc` handler, or `dados` that do not fit its subject's class (`MensagensRpc`), with 400
 * before it runs, and turns an unexpected exception into a 500 reply
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
    const problemas = envelope ? (problemasDoEnvelope(pedido, envelope) ?? this.problemasDosDados(ctx, pedido?.dados)) : null;
    return new Observable((assinante) =>
      contextoExecucao.run(contexto, () => {
        if (problemas) {
          // Field paths and rules only (validarMensagem never echoes a value): no payload reaches the log.
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

  /** The subject's class checks `dados` (a subject with no data, `SemDados`, has none). */
  private problemasDosDados(ctx: ExecutionContext, dados: unknown): ProblemasMensagem | null {
    const assunto = this.reflector.get<string | undefined>(ASSUNTO_RPC, ctx.getHandler());
    const classe = assunto ? classeMensagemRpc(assunto) : undefined;
    // Paths inside `dados` (`itens`, `servico.codigo_item_lista`), as the gateway names a body's fields.
    return classe ? validarMensagem(classe, dados) : null;
  }
}
