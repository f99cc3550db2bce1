import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjetarConexaoNats, publicarJetStream } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';

const LOTE = 200;
const ESPERA_OCIOSA_MS = 250;

/**
 * Publishes outbox rows to JetStream, oldest first. Replicas split the rows with SKIP LOCKED. A row
 * is marked published only after JetStream stored it; a crash in between republishes it with the
 * same id, which the stream's duplicate window drops.
 */
@Injectable()
export class RelaySaida implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('relay-saida');
  private parando = false;
  private acordar: (() => void) | null = null;
  private pendenteDespertar = false;
  private laco: Promise<void> | null = null;

  constructor(
    private readonly banco: DataSource,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
  ) {}

  onApplicationBootstrap() {
    this.laco = this.executar();
  }

  async onApplicationShutdown() {
    this.parando = true;
    this.acordar?.();
    await this.laco;
  }

  /** After a commit that wrote outbox rows: publish now rather than at the next poll. */
  despertar() {
    if (this.acordar) this.acordar();
    else this.pendenteDespertar = true;
  }

  private async executar() {
    let falhas = 0;
    while (!this.parando) {
      let publicadas = 0;
      this.pendenteDespertar = false;
      try {
        publicadas = await this.publicarLote();
        falhas = 0;
      } catch (erro) {
        falhas++;
        this.registro.warn(`Falha ao publicar a saída (tentativa ${falhas}): ${(erro as Error).message}`);
      }
      if (publicadas === LOTE || (this.pendenteDespertar && !falhas)) continue;
      const espera = falhas ? Math.min(5000, 100 * 2 ** falhas) : ESPERA_OCIOSA_MS;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, espera);
        this.acordar = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.acordar = null;
    }
  }

  private async publicarLote(): Promise<number> {
    return this.banco.transaction(async (tx) => {
      const linhas: { id: string; assunto: string; dados: unknown; request_id: string | null }[] = await tx.query(
        `SELECT id, assunto, dados, request_id FROM municipal.saida WHERE publicado_em IS NULL ORDER BY criado_em LIMIT ${LOTE} FOR UPDATE SKIP LOCKED`,
      );
      if (!linhas.length) return 0;
      await Promise.all(linhas.map((l) => publicarJetStream(this.nc, l.assunto, l.dados, l.id, l.request_id ?? undefined)));
      await tx.query('UPDATE municipal.saida SET publicado_em = now() WHERE id = ANY($1)', [linhas.map((l) => l.id)]);
      return linhas.length;
    });
  }
}
