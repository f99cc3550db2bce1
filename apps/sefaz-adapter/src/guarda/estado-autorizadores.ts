import { Controller, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  Assuntos,
  type EstadoAutorizadorResposta,
  type MudancaEstadoAutorizador,
  type PedidoEstadoAutorizador,
  type PedidoInterno,
  falha,
  type RespostaRpc,
  sucesso,
} from '@emissor/contracts';
import { AtenderRpcInterno } from '@emissor/plataforma';
import { ehUf, formatarDataHoraSefaz, offsetDaUf } from '@emissor/fiscal-domain';
import type { ConfigSefazAdapter } from '../config';
import { RepositorioAutorizadoresPg } from '../persistencia/repositorio-autorizadores';
import { ClienteSefaz } from '../sefaz/cliente-sefaz';
import { PUBLICADOR, type Publicador } from '../sefaz/publicador';
import { CONFIG_SEFAZ } from '../sefaz/tokens';
import { autorizadorDaUf, nomePublicoAutorizador, ufsDoAutorizador } from '../webservices/webservices';
import { type MudancaAutorizador, MonitorAutorizadores } from './monitor-autorizadores';

/**
 * What the rest of the system learns of the authorizers (decisions §9):
 * - each change the monitor reports is published on `nfe.resultados.autorizador.v1` with the UFs the
 *   authorizer serves and whose notes it concerns (sandbox or not), for nfe-service's contingency;
 * - `sefaz.autorizador.estado.v1` answers the shared state of a UF's authorizer (GET /nfe/v1/sefaz/status).
 */
@Injectable()
export class PublicacaoEstadoAutorizadores implements OnApplicationBootstrap {
  private readonly registro = new Logger('autorizadores');

  constructor(
    private readonly monitor: MonitorAutorizadores,
    @Inject(PUBLICADOR) private readonly publicador: Publicador,
    @Inject(CONFIG_SEFAZ) private readonly config: ConfigSefazAdapter,
  ) {}

  onApplicationBootstrap() {
    this.monitor.aoMudar((m) => this.publicar(m));
  }

  /** `destino` is the monitor's key: `simulador|sefaz:<authorizer>:<tpAmb>`. SVC authorizers serve no UF in normal emission: nothing to tell. */
  async publicar(m: MudancaAutorizador): Promise<void> {
    const [tipo, autorizador, amb] = m.destino.split(':');
    const ufs = ufsDoAutorizador(autorizador);
    if (!ufs.length) return;
    const sandbox = tipo === 'sefaz' ? [false] : this.config.SEFAZ_MODE === 'simulador' ? [true, false] : [true];
    const mudanca: MudancaEstadoAutorizador = {
      autorizador: nomePublicoAutorizador(autorizador),
      ambiente: amb === '1' ? 1 : 2,
      sandbox,
      ufs,
      disponivel: m.disponivel,
      motivo: m.motivo,
      desde: m.desde.toISOString(),
    };
    this.registro.warn(
      `${m.destino} ${m.disponivel ? 'disponível: fim da contingência' : `indisponível: contingência SVC para ${ufs.join(', ')}`}`,
    );
    await this.publicador.publicar(
      Assuntos.nfe.resultados.autorizador,
      mudanca,
      `autorizador:${m.destino}:${m.disponivel ? 'on' : 'off'}:${m.desde.getTime()}`,
    );
  }
}

@Controller()
export class EstadoAutorizadoresHandler {
  constructor(
    private readonly repo: RepositorioAutorizadoresPg,
    private readonly sefaz: ClienteSefaz,
  ) {}

  /** The shared state of the authorizer of a UF (no SEFAZ call: a status request never costs a probe). */
  @AtenderRpcInterno(Assuntos.sefaz.autorizador)
  async estado(@Payload() pedido: PedidoInterno<PedidoEstadoAutorizador>): Promise<RespostaRpc<EstadoAutorizadorResposta>> {
    const p = pedido?.dados;
    if (!p || !ehUf(p.uf) || (p.ambiente !== 1 && p.ambiente !== 2))
      return falha(400, 'invalid_params', { uf: ['deve ser a sigla de uma UF'] });
    const autorizador = autorizadorDaUf(p.uf);
    const destino = this.sefaz.chaveSaude({ empresaId: '', cnpj: '', uf: p.uf, ambiente: p.ambiente, sandbox: p.sandbox });
    const e = await this.repo.obter(destino);
    const agora = new Date();
    const data = (d: Date) => formatarDataHoraSefaz(d, offsetDaUf(p.uf));
    return sucesso({
      autorizador: nomePublicoAutorizador(autorizador),
      disponivel: e?.disponivel ?? true,
      motivo: e?.motivo ?? null,
      desde: data(e?.desde ?? agora),
      verificado_em: data(e?.verificadoEm ?? agora),
    });
  }
}
