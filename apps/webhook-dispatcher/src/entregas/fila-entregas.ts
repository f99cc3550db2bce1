import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConexaoAmqp } from './conexao-amqp';
import { RepositorioEntregas, type TrabalhoEntrega } from './repositorio-entregas';
import { baldePara, CHAVE_ENTREGA, type MensagemEntrega, type NomesTopologia } from './topologia';

export const NOMES_TOPOLOGIA = Symbol('NOMES_TOPOLOGIA');

/** Hands jobs to RabbitMQ: straight to the work queue when due, else to the delay queue that fits. */
@Injectable()
export class FilaEntregas {
  private readonly registro = new Logger('fila-entregas');

  constructor(
    private readonly amqp: ConexaoAmqp,
    @Inject(NOMES_TOPOLOGIA) private readonly nomes: NomesTopologia,
    private readonly repositorio: RepositorioEntregas,
  ) {}

  async publicar(m: MensagemEntrega): Promise<void> {
    const balde = baldePara(m.d - Date.now());
    const conteudo = Buffer.from(JSON.stringify(m));
    const id = `${m.e}:${m.v}`;
    if (balde === undefined) await this.amqp.publicar(this.nomes.troca, CHAVE_ENTREGA, conteudo, id);
    else await this.amqp.publicar('', this.nomes.espera(balde), conteudo, id);
  }

  /**
   * Publishes jobs already committed in PostgreSQL and records which ones RabbitMQ confirmed. A
   * failure only delays a job: it stays unconfirmed in the log and the sweep publishes it.
   */
  async publicarTrabalhos(trabalhos: TrabalhoEntrega[]): Promise<number> {
    // Disconnected: nothing to try; the sweep publishes them as soon as the connection is back.
    if (!trabalhos.length || !this.amqp.conectado) return 0;
    const resultados = await Promise.allSettled(
      trabalhos.map((t) => this.publicar({ e: t.id, p: t.endpointId, v: t.versao, d: Math.max(t.proximaEm.getTime(), Date.now()) })),
    );
    const confirmados = trabalhos.filter((_, i) => resultados[i].status === 'fulfilled');
    const falhas = trabalhos.length - confirmados.length;
    if (falhas) {
      const motivo = (resultados.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message;
      this.registro.warn(`${falhas} entrega(s) não publicada(s) no RabbitMQ (${motivo}): a varredura publicará`);
    }
    await this.repositorio.marcarPublicadas(confirmados);
    // The sweep marks what it takes as published before publishing: undo that for what failed.
    await Promise.all(trabalhos.filter((_, i) => resultados[i].status === 'rejected').map((t) => this.repositorio.marcarNaoPublicada(t)));
    return confirmados.length;
  }
}
