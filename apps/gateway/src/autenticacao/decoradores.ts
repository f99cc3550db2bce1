import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { ContextoRequisicao, TipoCredencial } from '@emissor/contracts';

export const ROTA_ADMIN = 'rota_admin';
export const ROTA_COM_EMPRESA = 'rota_com_empresa';
export const TIPOS_ACEITOS = 'tipos_aceitos';

/** Operator route: `Authorization: Bearer {ADMIN_TOKEN}`. */
export const Admin = () => SetMetadata(ROTA_ADMIN, true);

/** The route acts on the company selected by `X-Empresa-CNPJ` (or the account's first company). */
export const ComEmpresa = () => SetMetadata(ROTA_COM_EMPRESA, true);

/** Download routes that may also answer their own media type besides JSON errors. */
export const TiposAceitos = (...tipos: string[]) => SetMetadata(TIPOS_ACEITOS, tipos);

/** What authentication established for this request. */
export interface Chamador {
  requestId: string;
  contaId: string;
  /** Id of the credential used (idempotency keys are scoped to it). */
  credencialId: string;
  credencial: TipoCredencial;
  /** Present on routes marked @ComEmpresa(). */
  contexto?: ContextoRequisicao;
}

export const ChamadorAtual = createParamDecorator((_d: unknown, ctx: ExecutionContext): Chamador => {
  return ctx.switchToHttp().getRequest().chamador;
});

/** The full request context (account, credential kind, company) for routes marked @ComEmpresa(). */
export const ContextoAtual = createParamDecorator((_d: unknown, ctx: ExecutionContext): ContextoRequisicao => {
  return ctx.switchToHttp().getRequest().chamador.contexto;
});
