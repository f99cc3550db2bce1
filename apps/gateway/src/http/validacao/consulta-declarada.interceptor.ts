import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Observable } from 'rxjs';
import { parametrosInvalidos, propriedadesNaoPermitidas } from '../erro-http';

export const MENSAGEM_PARAMETRO_REPETIDO = 'deve ser informado uma só vez';

/**
 * A route that declares no query (no `@Query()` argument) refuses one: `GET /conta/v1/empresas?per_page=1`
 * would otherwise answer every company as if the parameter had been applied. 400 `invalid_params` naming
 * each parameter, the answer a route with a query class gives an unknown one (its whitelist).
 */
@Injectable()
export class ConsultaDeclaradaInterceptor implements NestInterceptor {
  /** Per handler, whether it reads a query: route metadata does not change once the app is built. */
  private readonly leConsulta = new WeakMap<object, boolean>();

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const consulta = ctx.switchToHttp().getRequest<{ query?: Record<string, unknown> }>().query;
    if (!consulta) return next.handle();
    if (this.declaraConsulta(ctx)) {
      // Every parameter of this API takes one value: `page=1&page=2` arrives as a list, and its class would call
      // it "not a text"; say what is wrong with it instead.
      const repetidos = Object.keys(consulta).filter((nome) => Array.isArray(consulta[nome]));
      if (repetidos.length) throw parametrosInvalidos(400, Object.fromEntries(repetidos.map((n) => [n, [MENSAGEM_PARAMETRO_REPETIDO]])));
      return next.handle();
    }
    const nomes = Object.keys(consulta);
    if (nomes.length) throw propriedadesNaoPermitidas(400, nomes);
    return next.handle();
  }

  private declaraConsulta(ctx: ExecutionContext): boolean {
    const handler = ctx.getHandler();
    let le = this.leConsulta.get(handler);
    if (le === undefined) {
      const argumentos: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, ctx.getClass(), handler.name) ?? {};
      // Keys are `<paramtype>:<index>` (custom decorators have a string prefix of their own).
      le = Object.keys(argumentos).some((chave) => chave.split(':')[0] === String(RouteParamtypes.QUERY));
      this.leConsulta.set(handler, le);
    }
    return le;
  }
}
