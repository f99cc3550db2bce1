import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MensagensErro } from '@emissor/contracts';
import { ROTA_PUBLICA } from '@emissor/plataforma';
import type { FastifyRequest } from 'fastify';
import { CONFIG, type ConfigGateway } from '../config';
import { EmpresasService } from '../empresas/empresas.service';
import { ErroHttp } from '../http/erro-http';
import { lancarErroDoCorpo } from '../http/leitura-corpo';
import { aceita } from '../http/negociacao';
import { CredenciaisService } from './credenciais.service';
import { type Chamador, ROTA_ADMIN, ROTA_COM_EMPRESA, TIPOS_ACEITOS } from './decoradores';
import { LimiteRequisicoes } from './limite-requisicoes';
import { textosIguais } from './segredos';

const naoAutorizado = () => new ErroHttp(401, { error: MensagensErro.naoAutorizado }, { 'WWW-Authenticate': 'Basic realm="Application"' });

/**
 * The order of checks for every non-public route: credentials (401), rate limit (429),
 * Accept (406), then the selected company (404), and only then the body: a malformed or non-JSON
 * body read before the guard ran is answered here, after the credentials (http/leitura-corpo.ts).
 * What it establishes goes to `req.chamador`.
 */
@Injectable()
export class AutenticacaoGuard implements CanActivate {
  private readonly limite: LimiteRequisicoes;

  constructor(
    private readonly reflector: Reflector,
    private readonly credenciais: CredenciaisService,
    private readonly empresas: EmpresasService,
    @Inject(CONFIG) private readonly config: ConfigGateway,
  ) {
    this.limite = new LimiteRequisicoes(config.LIMITE_REQUISICOES_POR_SEGUNDO);
  }

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const alvo = [ctx.getHandler(), ctx.getClass()];
    const req = ctx.switchToHttp().getRequest<FastifyRequest & { chamador?: Chamador }>();
    await this.autenticar(req, alvo);
    lancarErroDoCorpo(req);
    return true;
  }

  private async autenticar(
    req: FastifyRequest & { chamador?: Chamador },
    alvo: Parameters<Reflector['getAllAndOverride']>[1],
  ): Promise<void> {
    if (this.reflector.getAllAndOverride<boolean>(ROTA_PUBLICA, alvo)) return;

    if (this.reflector.getAllAndOverride<boolean>(ROTA_ADMIN, alvo)) {
      const [esquema, token] = (req.headers.authorization ?? '').split(' ');
      if (esquema !== 'Bearer' || !token || !textosIguais(token, this.config.ADMIN_TOKEN)) {
        throw new ErroHttp(401, { error: 'Token de administrador inválido' }, { 'WWW-Authenticate': 'Bearer realm="Admin"' });
      }
      this.verificarAccept(req, alvo);
      return;
    }

    const basico = lerBasic(req.headers.authorization);
    if (!basico) throw naoAutorizado();
    const verificado = await this.credenciais.verificar(basico.usuario, basico.senha);
    if (!verificado) throw naoAutorizado();

    const espera = this.limite.consumir(basico.usuario);
    if (espera > 0) throw new ErroHttp(429, { error: MensagensErro.limiteRequisicoes }, { 'Retry-After': String(espera) });

    this.verificarAccept(req, alvo);

    const chamador: Chamador = {
      requestId: String(req.id),
      contaId: verificado.contaId,
      credencialId: verificado.id,
      credencial: verificado.tipo,
    };
    if (this.reflector.getAllAndOverride<boolean>(ROTA_COM_EMPRESA, alvo)) {
      const cnpj = req.headers['x-empresa-cnpj'];
      const empresa = await this.empresas.resolver(verificado.contaId, Array.isArray(cnpj) ? cnpj[0] : cnpj);
      if (!empresa) throw new ErroHttp(404, { error: MensagensErro.empresaNaoEncontrada });
      chamador.contexto = { requestId: chamador.requestId, contaId: chamador.contaId, credencial: chamador.credencial, empresa };
    }
    req.chamador = chamador;
  }

  private verificarAccept(req: FastifyRequest, alvo: Parameters<Reflector['getAllAndOverride']>[1]) {
    const extras = this.reflector.getAllAndOverride<string[]>(TIPOS_ACEITOS, alvo) ?? [];
    if (!aceita(req.headers.accept, ['application/json', ...extras])) throw new ErroHttp(406, { error: MensagensErro.naoAceitavel });
  }
}

export function lerBasic(cabecalho: string | undefined): { usuario: string; senha: string } | null {
  if (!cabecalho) return null;
  const [esquema, valor] = cabecalho.trim().split(/\s+/, 2);
  if (esquema?.toLowerCase() !== 'basic' || !valor) return null;
  const texto = Buffer.from(valor, 'base64').toString('utf8');
  const separador = texto.indexOf(':');
  if (separador <= 0) return null;
  return { usuario: texto.slice(0, separador), senha: texto.slice(separador + 1) };
}
