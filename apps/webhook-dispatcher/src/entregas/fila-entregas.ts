import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConexaoAmqp } from './conexao-amqp';
import { RepositorioEntregas, type TrabalhoEntrega } from './repositorio-entregas';
import { baldePara, CHAVE_ENTREGA, type MensagemEntrega, type NomesTopologia } from './topologia';

export const NOMES_TOPOLOGIA = Symbol('NOMES_TOPOLOGIA');

/** Confirmed publications are written to the log in batches: one UPDATE instead of one per job. */
const INTERVALO_MARCACAO_MS = 100;
const LOTE_MARCACAO = 1000;

/** Hands jobs to RabbitMQ: straight to the work queue when due, else to the delay queue that fits. */
@Injectable()
export class FilaEntregas {
  private readonly registro = new Logger('fila-entregas');
  private confirmados: Pick<TrabalhoEntrega, 'id' | 'versao'>[] = [];
  private relogioMarcacao?: NodeJS.Timeout;

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
    if (!trabalhos.length) return 0;
    // Disconnected: nothing to try; the sweep publishes them as soon as the connection is back.
    if (!this.amqp.conectado) {
      await this.repositorio.marcarNaoPublicadas(trabalhos);
      return 0;
    }
    const resultados = await Promise.allSettled(
      trabalhos.map((t) => this.publicar({ e: t.id, p: t.endpointId, v: t.versao, d: Math.max(t.proximaEm.getTime(), Date.now()) })),
    );
    const confirmados = trabalhos.filter((_, i) => resultados[i].status === 'fulfilled');
    const falharam = trabalhos.filter((_, i) => resultados[i].status === 'rejected');
    if (falharam.length) {
      const motivo = (resultados.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason?.message;
      this.registro.warn(`${falharam.length} entrega(s) não publicada(s) no RabbitMQ (${motivo}): a varredura publicará`);
    }
    this.marcarDepois(confirmados);
    // The sweep marks what it takes as published before publishing: undo that for what failed.
    await this.repositorio.marcarNaoPublicadas(falharam);
    return confirmados.length;
  }

  /**
   * A confirmed job not yet marked (a crash within the batch interval) is published again by the
   * sweep a few seconds later; the copy is dropped by the version check. That is the whole cost.
   */
  private marcarDepois(trabalhos: Pick<TrabalhoEntrega, 'id' | 'versao'>[]) {
    if (!trabalhos.length) return;
    this.confirmados.push(...trabalhos);
    if (this.confirmados.length >= LOTE_MARCACAO) void this.descarregar();
    else this.relogioMarcacao ??= setTimeout(() => void this.descarregar(), INTERVALO_MARCACAO_MS);
  }

  /** Writes the pending "published" marks (also called at shutdown). */
  async descarregar(): Promise<void> {
    if (this.relogioMarcacao) clearTimeout(this.relogioMarcacao);
    this.relogioMarcacao = undefined;
    const lote = this.confirmados.splice(0);
    if (!lote.length) return;
    await this.repositorio
      .marcarPublicadas(lote)
      .catch((erro: Error) => this.registro.warn(`marcação de publicadas adiada para a varredura: ${erro.message}`));
  }
}
