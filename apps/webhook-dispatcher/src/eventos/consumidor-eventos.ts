import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type EventoNfe, Streams } from '@emissor/contracts';
import { type Consumidor, consumirJetStream, InjetarConexaoNats } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { FilaEntregas } from '../entregas/fila-entregas';
import { RepositorioEntregas } from '../entregas/repositorio-entregas';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What is wrong with an envelope, or undefined when it is as nfe-service writes it. A bad one is a
 * poison message: logged, acked, skipped (redelivering it would never help).
 */
export function problemaEvento(d: unknown): string | undefined {
  const e = d as EventoNfe;
  if (typeof e?.tipo !== 'string' || !/^nfe_[a-z_]+$/.test(e.tipo)) return 'tipo';
  if (!UUID.test(String(e.conta_id))) return 'conta_id';
  if (!UUID.test(String(e.empresa_id))) return 'empresa_id';
  if (typeof e.corpo !== 'object' || e.corpo === null) return 'corpo';
  if (!UUID.test(String(e.corpo.event_id))) return 'corpo.event_id';
  return undefined;
}

/**
 * Takes the NF-e domain events from JetStream (durable pull consumer, explicit ack) and fans each out
 * into one delivery job per subscribed endpoint. The ack comes after the jobs are committed in
 * PostgreSQL; publishing them to RabbitMQ is then best effort (the sweep covers a failure), so a
 * RabbitMQ outage never holds the event stream back, and a crash before the commit redelivers it.
 */
@Injectable()
export class ConsumidorEventos implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly registro = new Logger('eventos');
  private consumidor?: Consumidor;

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
      { stream: Streams.nfeEventos, duravel: 'webhook-dispatcher', assunto: 'nfe.eventos.>', concorrencia: 32, esperaAckMs: 5000 },
      (dados, mensagem) => this.tratar(dados, mensagem.id),
      (erro, mensagem) => this.registro.warn(`evento ${mensagem.id} não registrado (${erro.message}); será reentregue`),
    );
  }

  async beforeApplicationShutdown() {
    await this.consumidor?.parar();
  }

  async tratar(dados: unknown, id: string): Promise<void> {
    const problema = problemaEvento(dados);
    if (problema) {
      this.registro.error(`evento ${id} descartado: campo ${problema} ausente ou inválido`);
      return;
    }
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
    await this.fila.publicarTrabalhos(trabalhos).catch((erro: Error) => this.registro.warn(`publicação adiada para a varredura: ${erro.message}`));
  }
}
