import { Injectable, Logger } from '@nestjs/common';
import { RepositorioLotes } from './lotes.repositorio';
import { MonitorMunicipios } from './monitor-municipios';

/**
 * Which municipalities are down, shared by the batch and cancellation steps (the leader's memory: only
 * the leader sends; see MonitorMunicipios), and what happens the moment one answers again.
 */
@Injectable()
export class DisponibilidadeMunicipios {
  private readonly registro = new Logger('lotes-nfse');
  private readonly monitor = new MonitorMunicipios();

  constructor(private readonly repositorio: RepositorioLotes) {}

  /** 0: go (available, or this batch is the probe); else how long this batch waits. */
  esperaAntesDeEnviar(codigoMunicipio: string, sandbox: boolean, loteId: string): number {
    return this.monitor.esperaAntesDeEnviar(MonitorMunicipios.chave(codigoMunicipio, sandbox), loteId);
  }

  /** No answer from it (transport failure): returns how long until the next probe. */
  registrarFalha(codigoMunicipio: string, sandbox: boolean): number {
    return this.monitor.registrarFalha(MonitorMunicipios.chave(codigoMunicipio, sandbox));
  }

  /**
   * It answered. If it was down, every batch and cancellation that waited for it is due now (the
   * processor looks again as soon as the step that called this ends).
   */
  async registrarSucesso(codigoMunicipio: string, sandbox: boolean): Promise<void> {
    if (!this.monitor.registrarSucesso(MonitorMunicipios.chave(codigoMunicipio, sandbox))) return;
    await this.repositorio.liberarLotesDoMunicipio(codigoMunicipio, sandbox);
    await this.repositorio.liberarCancelamentosDoMunicipio(codigoMunicipio, sandbox);
    this.registro.log(`Município ${codigoMunicipio}${sandbox ? ' (sandbox)' : ''} respondeu novamente: lotes em espera liberados`);
  }
}
