import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Assuntos, type ComandoCancelarNfse, type ComandoEnviarRps, Streams } from '@emissor/contracts';
import { PROVEDOR_NFSE_ANTERIOR } from '@emissor/fiscal-domain';
import { type Consumidor, consumirJetStream, InjetarConexaoNats, type MensagemRecebida } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { RepositorioLotes } from '../lotes/lotes.repositorio';
import { ProcessadorLotes } from '../lotes/processador.service';

/**
 * JetStream -> PostgreSQL: each command becomes a row (the durable queue the batcher reads) before
 * it is acked. One row per note (RPS) and per cancellation command, so redeliveries queue nothing twice.
 * A command queued before commands carried `provedor` is an ABRASF note's (all were then): it is
 * stored with `abrasf-2.04`, never routed by the municipality table.
 */
const comProvedor = <T extends { provedor?: string }>(c: T) => ({ ...c, provedor: c.provedor ?? PROVEDOR_NFSE_ANTERIOR });

@Injectable()
export class ComandosConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('comandos-nfse');
  private consumidor: Consumidor | null = null;

  constructor(
    private readonly repositorio: RepositorioLotes,
    private readonly processador: ProcessadorLotes,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
  ) {}

  async onApplicationBootstrap() {
    this.consumidor = await consumirJetStream(
      this.nc,
      // Queuing a command is one idempotent INSERT: after a crash, unacked commands come back in 10 s (the
      // default 30 s held a burst's last notes that long after a kill -9, e2e/nfse/nacional-queda).
      {
        stream: Streams.nfseComandos,
        duravel: 'municipal-adapter-comandos',
        assunto: 'nfse.comandos.>',
        concorrencia: 64,
        esperaAckMs: 10_000,
      },
      (dados, m) => this.guardar(dados, m),
      (e, m) => this.registro.error(`Falha ao enfileirar ${m.assunto} (${m.id}, tentativa ${m.tentativa}): ${e.message}`),
    );
  }

  async onApplicationShutdown() {
    await this.consumidor?.parar();
  }

  private async guardar(dados: unknown, m: MensagemRecebida) {
    const assunto = m.assunto.slice(m.assunto.indexOf('nfse.comandos.'));
    if (assunto === Assuntos.nfse.comandos.enviarRps) {
      await this.repositorio.enfileirarRps(comProvedor(dados as ComandoEnviarRps));
    } else if (assunto === Assuntos.nfse.comandos.cancelar) {
      await this.repositorio.registrarCancelamento(comProvedor(dados as ComandoCancelarNfse));
    } else {
      this.registro.warn(`Comando de assunto desconhecido ignorado: ${m.assunto}`);
      return;
    }
    this.processador.despertar();
  }
}
