import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventoNfe, Streams } from '@emissor/contracts';
import { type Consumidor, consumirJetStream, InjetarConexaoNats } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { FilaEntregas } from '../entregas/fila-entregas';
import { RepositorioEntregas } from '../entregas/repositorio-entregas';

/** Events whose jobs are still being published to RabbitMQ; beyond this the consumer waits. */
const MAXIMO_PUBLICANDO = 256;

/**
 * Takes the NF-e domain events from JetStream (durable pull consumer, explicit ack) and fans each out
 * into one delivery job per subscribed endpoint. The ack comes after the jobs are committed in
 * PostgreSQL; publishing them to RabbitMQ follows (the sweep covers a failure), so a RabbitMQ outage
 * never holds the event stream back, and a crash before the commit redelivers the event.
 */
@Injectable()
export class ConsumidorEventos implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly registro = new Logger('eventos');
  private consumidor?: Consumidor;
  private readonly publicando = new Set<Promise<void>>();

  constructor(
    @InjetarConexaoNats() private readonly nc: NatsConnection,
    private readonly repositorio: RepositorioEntregas,
    private readonly fila: FilaEntregas,
  ) {}

  async onApplicationBootstrap() {
    this.consumidor = await consumirJetStream(
      this.nc,
      // A short ack wait: a crashed replica's events come back in seconds (the handler takes milliseconds,
      // and a redelivery is harmless: recording an event is idempotent).
      { stream: Streams.nfeEventos, duravel: 'webhook-dispatcher', assunto: 'nfe.eventos.>', concorrencia: 128, esperaAckMs: 5000 },
      (dados) => this.tratar(dados),
      (erro, mensagem) => this.registro.warn(`evento ${mensagem.id} não registrado (${erro.message}); será reentregue`),
    );
  }

  async beforeApplicationShutdown() {
    await this.consumidor?.parar();
    await Promise.allSettled([...this.publicando]);
    await this.fila.descarregar();
  }

  async tratar(dados: unknown): Promise<void> {
    // Checked against EventoNfeMensagem by consumirJetStream: a malformed event never gets here.
    const evento = dados as EventoNfe;
    // Serialized once: these exact bytes are signed and sent on every attempt.
    const corpo = JSON.stringify(evento.corpo);
    const trabalhos = await this.repositorio.registrarEvento({
      eventId: evento.corpo.event_id,
      tipo: evento.tipo,
      contaId: evento.conta_id,
      empresaId: evento.empresa_id,
      corpo,
    });
    // The jobs are committed: the event can be acked now. Publishing runs on its own (a failure leaves
    // them unconfirmed for the sweep), bounded so a slow broker cannot pile up work in memory.
    const publicacao = this.fila
      .publicarTrabalhos(trabalhos)
      .then(() => undefined)
      .catch((erro: Error) => this.registro.warn(`publicação adiada para a varredura: ${erro.message}`))
      .finally(() => this.publicando.delete(publicacao));
    this.publicando.add(publicacao);
    if (this.publicando.size >= MAXIMO_PUBLICANDO) await Promise.race(this.publicando);
  }
}
