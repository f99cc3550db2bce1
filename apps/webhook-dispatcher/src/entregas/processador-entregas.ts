import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { metricas } from '@emissor/plataforma';
import type { Channel, ConsumeMessage } from 'amqplib';
import { CONFIG_WEBHOOKS, type ConfigWebhookDispatcher } from '../config';
import { criarAgentes, type Agentes } from '../seguranca/agente-seguro';
import { decifrarSegredo } from '../seguranca/cifra';
import { esperaAposFalha } from './agenda';
import { ConexaoAmqp } from './conexao-amqp';
import { enviarEntrega, type ResultadoEnvio } from './entregador';
import { FilaEntregas } from './fila-entregas';
import { LimitePorEndpoint } from './limite-endpoint';
import { type EntregaReservada, RepositorioEntregas, type Resultado } from './repositorio-entregas';
import { ANTECIPACAO_MAXIMA_MS, lerMensagem, type MensagemEntrega } from './topologia';

/** An answer slower than this marks the endpoint slow for a while (see LimitePorEndpoint). */
const LENTO_MS = 2000;
const LENTO_POR_MS = 30_000;
/** A postponed job (slow endpoint at its limit, or a transient error here) comes back after this. */
const ADIAMENTO_MS = 2000;

/**
 * The RabbitMQ consumer: competing consumers (every replica consumes the same work queue), prefetch
 * = WEBHOOK_CONCORRENCIA, manual ack only after the job's outcome is in PostgreSQL (and its retry, if
 * any, is on RabbitMQ). A crash before the ack gives the message back to the broker; the lease and
 * the version in the log make sure the copy is not attempted twice at once nor after it succeeded.
 */
@Injectable()
export class ProcessadorEntregas implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly registro = new Logger('entregas');
  private readonly limite: LimitePorEndpoint;
  private readonly agentes: Agentes;
  private readonly emAndamento = new Set<Promise<void>>();
  private parando = false;

  constructor(
    @Inject(CONFIG_WEBHOOKS) private readonly config: ConfigWebhookDispatcher,
    private readonly amqp: ConexaoAmqp,
    private readonly fila: FilaEntregas,
    private readonly repositorio: RepositorioEntregas,
  ) {
    this.limite = new LimitePorEndpoint(config.WEBHOOK_CONCORRENCIA_POR_ENDPOINT);
    this.agentes = criarAgentes(config.producao);
  }

  onApplicationBootstrap() {
    this.amqp.iniciar((m, canal) => {
      const p = this.tratar(m, canal).finally(() => this.emAndamento.delete(p));
      this.emAndamento.add(p);
    });
  }

  async beforeApplicationShutdown() {
    this.parando = true;
    await this.amqp.pararConsumo();
    this.limite.dispensarEsperas();
    // Attempts in flight finish (bounded by the HTTP timeout) so their outcome is recorded.
    const limite = new Promise((r) => setTimeout(r, this.config.WEBHOOK_TEMPO_LIMITE_MS + 2000).unref());
    await Promise.race([Promise.allSettled([...this.emAndamento]), limite]);
    await this.fila.descarregar();
    await this.amqp.fechar();
    this.agentes.http.destroy();
    this.agentes.https.destroy();
  }

  /**
   * An attempt holds its job this long: the HTTP timeout plus a margin to record the outcome (half the
   * timeout, 1 to 5 s). A crashed attempt's job is taken again when it ends.
   */
  private get arrendamentoMs() {
    const t = this.config.WEBHOOK_TEMPO_LIMITE_MS;
    return t + Math.min(5000, Math.max(1000, t / 2));
  }

  private confirmar(canal: Channel, m: ConsumeMessage) {
    try {
      canal.ack(m);
    } catch {
      // The channel is gone: the broker gives the message back, and the log fences the copy.
    }
  }

  private async tratar(bruta: ConsumeMessage, canal: Channel): Promise<void> {
    const m = lerMensagem(bruta.content);
    if (!m) {
      this.registro.warn('mensagem inválida descartada da fila de entregas');
      return this.confirmar(canal, bruta);
    }
    try {
      // Early (a hop of the delay queues): on to the next delay queue.
      if (m.d - Date.now() >= ANTECIPACAO_MAXIMA_MS) {
        await this.fila.publicar(m);
        return this.confirmar(canal, bruta);
      }
      const vaga = await this.limite.adquirir(m.p);
      if (!vaga) {
        if (this.parando) return; // left unacked: back to the queue when the channel closes
        await this.fila.publicar({ ...m, d: Date.now() + ADIAMENTO_MS });
        return this.confirmar(canal, bruta);
      }
      try {
        if (this.parando) return;
        await this.executar(m);
      } finally {
        this.limite.liberar(m.p);
      }
      this.confirmar(canal, bruta);
    } catch (erro) {
      this.registro.error(`falha ao processar a entrega ${m.e}: ${(erro as Error).message}`);
      // PostgreSQL or RabbitMQ trouble: try again shortly; if even that fails, the broker keeps it.
      try {
        await this.fila.publicar({ ...m, d: Date.now() + ADIAMENTO_MS });
        this.confirmar(canal, bruta);
      } catch {
        setTimeout(() => {
          try {
            canal.nack(bruta, false, true);
          } catch {
            /* channel gone: redelivered anyway */
          }
        }, ADIAMENTO_MS).unref();
      }
    }
  }

  private async executar(m: MensagemEntrega): Promise<void> {
    const reservada = await this.repositorio.reservar(m.e, m.v, this.arrendamentoMs);
    if (!reservada) return this.semReserva(m);
    const iniciadaEm = new Date();
    let envio: ResultadoEnvio;
    try {
      const chave = decifrarSegredo(this.config.chaveCifra, reservada.chaveCifrada, reservada.endpointId);
      envio = await enviarEntrega(
        { url: reservada.url, chave, evento: reservada.tipo, corpo: reservada.corpo },
        this.agentes,
        this.config.producao,
        this.config.WEBHOOK_TEMPO_LIMITE_MS,
      );
    } catch (erro) {
      // Not the receiver's fault (a key that does not decrypt: wrong WEBHOOK_CHAVE_CRIPTOGRAFIA?): recorded as an attempt, and told to the operator.
      this.registro.error(`entrega ${reservada.id}: falha interna antes do envio: ${(erro as Error).message}`);
      envio = { ok: false, status: null, erro: 'erro interno do emissor', duracaoMs: Date.now() - iniciadaEm.getTime() };
    }
    metricas.tentativasWebhook().inc({ evento: reservada.tipo });
    if (!envio.ok && envio.motivo) metricas.falhasWebhook().inc({ evento: reservada.tipo, motivo: envio.motivo });
    if (envio.motivo === 'tempo_esgotado' || envio.duracaoMs > LENTO_MS) this.limite.marcarLento(m.p, LENTO_POR_MS);
    else if (envio.ok) this.limite.marcarSaudavel(m.p);
    await this.concluir(reservada, { iniciadaEm, duracaoMs: envio.duracaoMs, status: envio.status, erro: envio.erro }, envio);
  }

  private async concluir(r: EntregaReservada, resultado: Resultado, envio: ResultadoEnvio): Promise<void> {
    if (envio.ok) {
      await this.repositorio.concluirEntregue(r, resultado);
      return;
    }
    if (envio.status === 410) {
      await this.repositorio.concluirGone(r, resultado);
      this.registro.warn(`endpoint ${r.endpointId} desativado: o receptor respondeu 410 Gone`);
      return;
    }
    const espera = esperaAposFalha(r.etapa, this.config.agendaS, envio.retryAfterS);
    if (espera === null) {
      await this.repositorio.concluirFalha(r, resultado);
      this.registro.warn(`entrega ${r.id} (endpoint ${r.endpointId}) falhou após ${r.numero} tentativa(s)`);
      return;
    }
    const proximaEm = new Date(Date.now() + espera);
    const versao = await this.repositorio.reagendar(r, resultado, proximaEm);
    // undefined: a redelivery was asked meanwhile and published its own job.
    if (versao !== undefined) await this.fila.publicarTrabalhos([{ id: r.id, endpointId: r.endpointId, versao, proximaEm }]);
  }

  private async semReserva(m: MensagemEntrega): Promise<void> {
    const estado = await this.repositorio.estado(m.e, m.v);
    if (estado.tipo === 'endpoint_inativo') await this.repositorio.cancelar(m.e, m.v);
    // Another copy holds the lease (or a crashed process did): look again when it ends.
    else if (estado.tipo === 'ocupada') await this.fila.publicar({ ...m, d: estado.ate.getTime() + 250 });
    // obsoleta: delivered, failed, cancelled, or superseded by a newer version: nothing to do.
  }
}
