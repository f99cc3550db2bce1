import { Inject, Injectable } from '@nestjs/common';
import { Assuntos, type ComandoEvento } from '@emissor/contracts';
import { CONEXAO_NATS } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import type { ConfigSefazAdapter } from '../config';
import { ConsumidorComandos } from '../sefaz/consumidor-comandos';
import { CONFIG_SEFAZ, PRAZOS_CONSUMO, type PrazosConsumo } from '../sefaz/tokens';
import { EventosService } from './eventos.service';

/** Every NF-e event command (cancellation, carta de correção, ...): one durable consumer. */
@Injectable()
export class EventosConsumidor extends ConsumidorComandos<ComandoEvento> {
  protected readonly duravel = 'sefaz-adapter-eventos';
  protected readonly assunto = Assuntos.nfe.comandos.evento;

  constructor(
    @Inject(CONEXAO_NATS) nc: NatsConnection,
    @Inject(CONFIG_SEFAZ) config: ConfigSefazAdapter,
    @Inject(PRAZOS_CONSUMO) prazos: PrazosConsumo,
    private readonly servico: EventosService,
  ) {
    super(nc, Math.max(1, Math.ceil(config.SEFAZ_CONCORRENCIA / 4)), prazos);
  }

  protected tratar(c: ComandoEvento) {
    return this.servico.processar(c);
  }
}
