import { Inject, Injectable } from '@nestjs/common';
import { Assuntos, type ComandoAutorizar } from '@emissor/contracts';
import { CONEXAO_NATS } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import type { ConfigSefazAdapter } from '../config';
import { ConsumidorComandos } from '../sefaz/consumidor-comandos';
import { CONFIG_SEFAZ, PRAZOS_CONSUMO, type PrazosConsumo } from '../sefaz/tokens';
import { AutorizacaoService } from './autorizacao.service';

@Injectable()
export class AutorizacaoConsumidor extends ConsumidorComandos<ComandoAutorizar> {
  protected readonly duravel = 'sefaz-adapter-autorizar';
  protected readonly assunto = Assuntos.nfe.comandos.autorizar;

  constructor(
    @Inject(CONEXAO_NATS) nc: NatsConnection,
    @Inject(CONFIG_SEFAZ) config: ConfigSefazAdapter,
    @Inject(PRAZOS_CONSUMO) prazos: PrazosConsumo,
    private readonly servico: AutorizacaoService,
  ) {
    super(nc, config.SEFAZ_CONCORRENCIA, prazos);
  }

  protected tratar(c: ComandoAutorizar) {
    return this.servico.processar(c);
  }
}
