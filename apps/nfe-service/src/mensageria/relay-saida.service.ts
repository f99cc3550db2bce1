import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjetarConexaoNats, publicarJsonJetStream } from '@emissor/plataforma';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';

const LOTE = 200;
const ESPERA_OCIOSA_MS = 250;

/**
 * Publishes outbox rows to JetStream. Several replicas can run it: `FOR UPDATE SKIP LOCKED` gives
 * each its own rows. A row is marked published only after JetStream stored the message; a crash in
 * between republishes it with the same id, which JetStream's duplicate window drops.
 */
@Injectable()
export class RelaySaida implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('relay-saida');
  private parando = false;
  private acordar: (() => void) | null = null;
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

  /** Called after a commit that wrote outbox rows: publish now instead of at the next poll. */
  despertar() {
    this.acordar?.();
  }

  private async executar() {
    let falhas = 0;
    while (!this.parando) {
      let publicadas = 0;
      try {
        publicadas = await this.publicarLote();
        falhas = 0;
      } catch (erro) {
        falhas++;
        this.registro.warn(`Falha ao publicar a saída (tentativa ${falhas}): ${(erro as Error).message}`);
      }
      if (publicadas === LOTE) continue;
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

  async publicarLote(): Promise<number> {
    return this.banco.transaction(async (tx) => {
      const linhas: { id: string; assunto: string; dados: string; request_id: string | null }[] = await tx.query(
        `SELECT id, assunto, dados::text AS dados, request_id FROM nfe.saida WHERE publicado_em IS NULL ORDER BY criado_em LIMIT ${LOTE} FOR UPDATE SKIP LOCKED`,
      );
      if (!linhas.length) return 0;
      await Promise.all(linhas.map((l) => publicarJsonJetStream(this.nc, l.assunto, l.dados, l.id, l.request_id ?? undefined)));
      await tx.query('UPDATE nfe.saida SET publicado_em = now() WHERE id = ANY($1)', [linhas.map((l) => l.id)]);
      return linhas.length;
    });
  }
}
