import { Logger } from '@nestjs/common';
import { type AcompanhamentoFila, acompanharProfundidadeFila } from '@emissor/plataforma';
import { type Channel, type ChannelModel, type ConfirmChannel, connect, type ConsumeMessage } from 'amqplib';
import { BALDES_ESPERA_MS, CHAVE_ENTREGA, type NomesTopologia } from './topologia';

export interface OpcoesConexaoAmqp {
  url: string;
  nomes: NomesTopologia;
  prefetch: number;
  /** x-expires of every queue (isolated test systems leave nothing behind); absent in production. */
  expiraFilasMs?: number;
}

export type TratadorMensagem = (mensagem: ConsumeMessage, canal: Channel) => void;

/**
 * One connection to RabbitMQ that heals itself: on loss (broker restart, network) it reconnects with
 * back-off, declares the topology again and resumes consuming. Publishing uses a confirm channel, so
 * `publicar` resolves only once the broker has taken the message (persisted, since the queues are
 * durable and the messages persistent); while disconnected it fails at once and the caller keeps the
 * job in PostgreSQL for the sweep to publish later.
 */
export class ConexaoAmqp {
  private readonly registro = new Logger('amqp');
  private modelo?: ChannelModel;
  private publicacao?: ConfirmChannel;
  private consumo?: Channel;
  private tagConsumo?: string;
  private parado = false;
  private tentativa = 0;
  private religando?: NodeJS.Timeout;
  private tratador?: TratadorMensagem;
  private readonly ouvintesConexao: Array<() => void> = [];
  private profundidade?: AcompanhamentoFila;

  constructor(private readonly o: OpcoesConexaoAmqp) {}

  get conectado(): boolean {
    return !!this.publicacao;
  }

  /**
   * The work queue's ready messages, read on a channel of its own: a passive declare of a missing queue
   * (deleted by hand, its node down in a cluster) makes the broker close the channel it came on, and the
   * publication channel must never be the one lost. Null while disconnected.
   */
  private async prontasNaFila(): Promise<number | null> {
    const modelo = this.modelo;
    if (!modelo || !this.publicacao) return null;
    const canal = await modelo.createChannel();
    canal.on('error', () => undefined); // the 404 closes only this channel
    try {
      return (await canal.checkQueue(this.o.nomes.fila)).messageCount;
    } finally {
      await canal.close().catch(() => undefined);
    }
  }

  /** Called after every (re)connection, once the topology exists (the sweep runs there). */
  aoConectar(ouvinte: () => void): void {
    this.ouvintesConexao.push(ouvinte);
  }

  /** Reads the work queue's depth now (`emissor_fila_profundidade`; also on each connection and every 15 s). */
  async medirProfundidade(): Promise<void> {
    await this.profundidade?.medir();
  }

  /** Starts connecting in the background: the app starts even while RabbitMQ is down. */
  iniciar(tratador?: TratadorMensagem): void {
    this.tratador = tratador;
    // The work queue's ready messages, for `emissor_fila_profundidade` (read again on each connection).
    if (tratador && !this.profundidade)
      this.profundidade = acompanharProfundidadeFila('rabbitmq', this.o.nomes.fila, () => this.prontasNaFila());
    void this.conectar();
  }

  private async conectar(): Promise<void> {
    if (this.parado) return;
    try {
      const u = new URL(this.o.url);
      // Detects a dead broker within seconds instead of the 60 s default.
      if (!u.searchParams.has('heartbeat')) u.searchParams.set('heartbeat', '10');
      const modelo = await connect(u.toString(), { clientProperties: { connection_name: 'webhook-dispatcher' } });
      modelo.on('error', (erro: Error) => this.registro.warn(`conexão RabbitMQ com erro: ${erro.message}`));
      modelo.on('close', () => this.aoPerder(modelo));
      this.modelo = modelo;
      const publicacao = await modelo.createConfirmChannel();
      publicacao.on('error', (erro: Error) => this.registro.warn(`canal de publicação com erro: ${erro.message}`));
      publicacao.on('close', () => {
        if (this.publicacao === publicacao) this.publicacao = undefined;
      });
      await this.declararTopologia(publicacao);
      this.publicacao = publicacao;
      if (this.tratador) await this.consumir(modelo, this.tratador);
      this.tentativa = 0;
      this.registro.log('conectado ao RabbitMQ');
      for (const ouvinte of this.ouvintesConexao) ouvinte();
      void this.profundidade?.medir();
    } catch (erro) {
      this.registro.warn(`RabbitMQ indisponível (${(erro as Error).message}); nova tentativa em breve`);
      await this.modelo?.close().catch(() => undefined);
      this.agendarReconexao();
    }
  }

  private aoPerder(modelo: ChannelModel) {
    if (this.modelo !== modelo) return;
    this.modelo = undefined;
    this.publicacao = undefined;
    this.consumo = undefined;
    if (!this.parado) {
      this.registro.warn('conexão com o RabbitMQ perdida; reconectando');
      this.agendarReconexao();
    }
  }

  private agendarReconexao() {
    if (this.parado || this.religando) return;
    const espera = Math.min(2000, 250 * 2 ** Math.min(this.tentativa++, 3));
    this.religando = setTimeout(() => {
      this.religando = undefined;
      void this.conectar();
    }, espera);
  }

  private argumentosFila(extra: Record<string, unknown> = {}) {
    return this.o.expiraFilasMs ? { ...extra, 'x-expires': this.o.expiraFilasMs } : extra;
  }

  private async declararTopologia(canal: Channel): Promise<void> {
    const { nomes } = this.o;
    await canal.assertExchange(nomes.troca, 'direct', { durable: true });
    await canal.assertQueue(nomes.fila, { durable: true, arguments: this.argumentosFila() });
    await canal.bindQueue(nomes.fila, nomes.troca, CHAVE_ENTREGA);
    for (const ms of BALDES_ESPERA_MS) {
      await canal.assertQueue(nomes.espera(ms), {
        durable: true,
        arguments: this.argumentosFila({
          'x-message-ttl': ms,
          'x-dead-letter-exchange': nomes.troca,
          'x-dead-letter-routing-key': CHAVE_ENTREGA,
        }),
      });
    }
  }

  /** Declaring again renews x-expires of queues nobody consumes (the delay queues). */
  async renovarTopologia(): Promise<void> {
    if (this.publicacao && this.o.expiraFilasMs) await this.declararTopologia(this.publicacao);
  }

  private async consumir(modelo: ChannelModel, tratador: TratadorMensagem) {
    const canal = await modelo.createChannel();
    canal.on('error', (erro: Error) => this.registro.warn(`canal de consumo com erro: ${erro.message}`));
    canal.on('close', () => {
      if (this.consumo === canal) this.consumo = undefined;
    });
    await canal.prefetch(this.o.prefetch);
    this.consumo = canal;
    const { consumerTag } = await canal.consume(this.o.nomes.fila, (m) => m && tratador(m, canal), { noAck: false });
    this.tagConsumo = consumerTag;
  }

  /** Publishes and waits for the broker's confirm. Throws when disconnected or refused. */
  async publicar(troca: string, chave: string, conteudo: Buffer, idMensagem: string): Promise<void> {
    const canal = this.publicacao;
    if (!canal) throw new Error('RabbitMQ indisponível');
    let cabe = true;
    const confirmado = new Promise<void>((resolve, reject) => {
      cabe = canal.publish(troca, chave, conteudo, { persistent: true, contentType: 'application/json', messageId: idMensagem }, (erro) =>
        erro ? reject(erro instanceof Error ? erro : new Error(String(erro))) : resolve(),
      );
    });
    // Handled below; this only keeps a rejection during the drain wait from counting as unhandled.
    confirmado.catch(() => undefined);
    // Back-pressure: when the channel's buffer is full, the caller waits for it to drain (or close).
    if (!cabe)
      await new Promise<void>((resolve) => {
        canal.once('drain', resolve);
        canal.once('close', resolve);
      });
    await confirmado;
  }

  /** Stops receiving new messages (those in hand are finished by the caller). */
  async pararConsumo(): Promise<void> {
    const canal = this.consumo;
    if (canal && this.tagConsumo) await canal.cancel(this.tagConsumo).catch(() => undefined);
    this.tratador = undefined;
  }

  async fechar(): Promise<void> {
    this.parado = true;
    this.profundidade?.parar();
    if (this.religando) clearTimeout(this.religando);
    const modelo = this.modelo;
    this.modelo = undefined;
    this.publicacao = undefined;
    this.consumo = undefined;
    await modelo?.close().catch(() => undefined);
  }
}
