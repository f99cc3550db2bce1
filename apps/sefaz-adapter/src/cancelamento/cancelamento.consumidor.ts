import { Inject, Injectable } from '@nestjs/common';
import { Assuntos, type ComandoCancelar } from '@emissor/contracts';
import { CONEXAO_NATS } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import type { ConfigSefazAdapter } from '../config';
import { ConsumidorComandos } from '../sefaz/consumidor-comandos';
import { CONFIG_SEFAZ, ESPERA_ACK_MS } from '../sefaz/tokens';
import { CancelamentoService } from './cancelamento.service';

@Injectable()
export class CancelamentoConsumidor extends ConsumidorComandos<ComandoCancelar> {
  protected readonly duravel = 'sefaz-adapter-cancelar';
  protected readonly assunto = Assuntos.nfe.comandos.cancelar;

  constructor(
    @Inject(CONEXAO_NATS) nc: NatsConnection,
    @Inject(CONFIG_SEFAZ) config: ConfigSefazAdapter,
    @Inject(ESPERA_ACK_MS) esperaAckMs: number,
    private readonly servico: CancelamentoService,
  ) {
    super(nc, Math.max(1, Math.ceil(config.SEFAZ_CONCORRENCIA / 4)), esperaAckMs);
  }

  protected tratar(c: ComandoCancelar) {
    return this.servico.processar(c);
  }
}
