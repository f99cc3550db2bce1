import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';
import { type GrupoFila, RepositorioLotes } from './lotes.repositorio';
import { ESPERA_MAXIMA_MS, loteDevido } from './regras-lote';

/**
 * Queue -> batch: RPS of one company, credential kind, municipality and provider wait in `municipal.rps`
 * (a company's notes may go by two providers: its own choice changed, or the dated table did); a batch
 * is formed when LOTE_TAMANHO_MAXIMO of them are waiting or the oldest has waited LOTE_INTERVALO_MS.
 */
@Injectable()
export class FormacaoLotes {
  constructor(
    private readonly repositorio: RepositorioLotes,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {}

  /** Forms every due batch; returns the time until the next group is due by age. */
  async formarDevidos(): Promise<number> {
    const maximo = this.config.LOTE_TAMANHO_MAXIMO;
    const intervalo = this.config.LOTE_INTERVALO_MS;
    let espera = ESPERA_MAXIMA_MS;
    for (const g of await this.repositorio.gruposNaFila()) {
      const porIdade = g.idade_ms >= intervalo;
      if (!loteDevido(g.n, maximo, porIdade)) {
        espera = Math.min(espera, intervalo - g.idade_ms);
        continue;
      }
      // Full batches now; the remainder too when the group is due by age.
      let restantes = g.n;
      while (loteDevido(restantes, maximo, porIdade)) {
        const formados = await this.formarLote(g, maximo);
        if (!formados) break;
        restantes -= formados;
      }
      if (restantes > 0) espera = Math.min(espera, intervalo);
    }
    return espera;
  }

  /** One transaction: the group's oldest RPS (up to `maximo`), a `montado` batch, the RPS in it. Returns how many joined. */
  private formarLote(g: GrupoFila, maximo: number): Promise<number> {
    return this.repositorio.emTransacao(async (tx) => {
      const notas = await this.repositorio.reservarDaFila(tx, g, maximo);
      if (!notas.length) return 0;
      const id = randomUUID();
      await this.repositorio.criarLote(tx, id, g, notas.length);
      await this.repositorio.colocarNoLote(tx, id, notas);
      return notas.length;
    });
  }
}
