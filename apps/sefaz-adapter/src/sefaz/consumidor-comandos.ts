import { type BeforeApplicationShutdown, Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Streams } from '@emissor/contracts';
import { CONEXAO_NATS, type Consumidor, consumirJetStream, type MensagemRecebida } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { ErroCertificadoIndisponivel } from '../certificados/certificados.service';
import { ErroLimiteConsumo } from '../guarda/guarda-consumo';
import { ErroComunicacaoSefaz } from '../soap/cliente-soap';
import { ErroServicoIndisponivel, ErroTransmissao } from './cliente-sefaz';
import { ErroTransitorio } from './erros';
import type { PrazosConsumo } from './tokens';

/**
 * Redelivery delay after a failed handling: 0.5 s doubling up to 60 s; an error that knows when to
 * try again says so (an authorizer down: a couple of seconds, since waiting for it costs nothing;
 * the guard: when its window frees).
 */
export const atrasoRetentativa = (tentativa: number, erro?: Error) => {
  const pedido = (erro as { repetirEmMs?: unknown } | undefined)?.repetirEmMs;
  if (typeof pedido === 'number' && pedido >= 0) return Math.min(pedido, 3_600_000);
  return Math.min(60_000, 500 * 2 ** Math.min(Math.max(tentativa - 1, 0), 7));
};

const ESPERADOS = [
  ErroTransitorio,
  ErroComunicacaoSefaz,
  ErroLimiteConsumo,
  ErroServicoIndisponivel,
  ErroCertificadoIndisponivel,
  ErroTransmissao,
];

/**
 * A durable JetStream consumer of one command subject, started with the app and stopped before the
 * NATS connection drains. Expected conditions (authority down, guard, lease) are logged as warnings.
 */
export abstract class ConsumidorComandos<T> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  protected abstract readonly duravel: string;
  protected abstract readonly assunto: string;
  protected abstract tratar(comando: T): Promise<void>;
  private consumidor?: Consumidor;
  private readonly registro = new Logger('comandos');

  constructor(
    @Inject(CONEXAO_NATS) private readonly nc: NatsConnection,
    private readonly concorrencia: number,
    private readonly prazos: PrazosConsumo,
  ) {}

  async onApplicationBootstrap() {
    this.consumidor = await consumirJetStream(
      this.nc,
      {
        stream: Streams.nfeComandos,
        duravel: this.duravel,
        assunto: this.assunto,
        concorrencia: this.concorrencia,
        esperaAckMs: this.prazos.esperaAckMs,
        batimento: this.prazos.batimento,
        atrasoFalhaMs: atrasoRetentativa,
      },
      (dados) => this.tratar(dados as T),
      (erro: Error, m: MensagemRecebida) => {
        const texto = `${this.duravel}: mensagem ${m.id} (entrega ${m.tentativa}) será reentregue: ${erro.message}`;
        if (ESPERADOS.some((t) => erro instanceof t)) this.registro.warn(texto);
        else this.registro.error(texto, erro.stack);
      },
    );
  }

  async beforeApplicationShutdown() {
    await this.consumidor?.parar();
  }
}
