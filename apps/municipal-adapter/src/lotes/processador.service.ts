import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Despertador } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import { CONFIG_MUNICIPAL, type ConfigMunicipalAdapter } from '../config';
import { EtapasCancelamento } from './etapas-cancelamento';
import { EtapasLote } from './etapas-lote';
import { FormacaoLotes } from './formacao-lotes';
import { Lideranca } from './lideranca';
import { RepositorioLotes } from './lotes.repositorio';
import { ESPERA_MAXIMA_MS } from './regras-lote';

/** How many due batches (and cancellations) one pass looks at. */
const LIMITE_POR_VOLTA = 100;

/**
 * The batching loop, run by the elected leader only (Lideranca). Each pass forms the due batches
 * (FormacaoLotes), then starts the due batches (EtapasLote: the state machine) and cancellations
 * (EtapasCancelamento), at most MUNICIPIO_CONCORRENCIA in flight, and sleeps until something is due
 * or new work wakes it. All state is in PostgreSQL (RepositorioLotes): a new leader resumes where the
 * old one stopped.
 */
@Injectable()
export class ProcessadorLotes implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('lotes-nfse');
  private readonly lideranca: Lideranca;
  private readonly emAndamento = new Set<string>();
  private readonly tarefas = new Set<Promise<void>>();
  private parando = false;
  private readonly despertador = new Despertador();
  private laco: Promise<void> | null = null;

  constructor(
    banco: DataSource,
    private readonly repositorio: RepositorioLotes,
    private readonly formacao: FormacaoLotes,
    private readonly lotes: EtapasLote,
    private readonly cancelamentos: EtapasCancelamento,
    @Inject(CONFIG_MUNICIPAL) private readonly config: ConfigMunicipalAdapter,
  ) {
    this.lideranca = new Lideranca(banco, 'municipal-adapter:processador-lotes');
  }

  onApplicationBootstrap() {
    this.laco = this.executar();
  }

  async onApplicationShutdown() {
    this.parando = true;
    this.despertador.despertar();
    await this.laco;
    await Promise.allSettled([...this.tarefas]);
    await this.lideranca.soltar();
  }

  /** New work arrived (a queued RPS or cancellation): look now instead of at the next tick. */
  despertar() {
    this.despertador.despertar();
  }

  private async executar() {
    while (!this.parando) {
      this.despertador.novaVolta();
      let espera = ESPERA_MAXIMA_MS;
      try {
        if (await this.lideranca.verificar()) espera = await this.ciclo();
      } catch (erro) {
        this.registro.error(`Falha no ciclo de lotes: ${(erro as Error).message}`, (erro as Error).stack);
      }
      if (this.despertador.chamado || this.parando) continue;
      await this.despertador.dormir(Math.max(5, Math.min(espera, ESPERA_MAXIMA_MS)));
    }
  }

  /** One pass: form due batches, start due work. Returns how long until something is due. */
  private async ciclo(): Promise<number> {
    let espera = await this.formacao.formarDevidos();
    const livres = () => this.config.MUNICIPIO_CONCORRENCIA - this.emAndamento.size;
    if (livres() > 0) {
      for (const id of await this.repositorio.lotesDevidos(LIMITE_POR_VOLTA)) {
        if (livres() > 0 && !this.emAndamento.has(id)) this.iniciar(id, () => this.lotes.avancar(id));
      }
      for (const id of await this.repositorio.cancelamentosDevidos(LIMITE_POR_VOLTA)) {
        if (livres() > 0 && !this.emAndamento.has(id)) this.iniciar(id, () => this.cancelamentos.avancar(id));
      }
    }
    const proximo = await this.repositorio.msAteProximaAcao();
    if (proximo !== null) espera = Math.min(espera, proximo);
    return espera;
  }

  /** Runs one batch's (or cancellation's) step; when it ends, the loop looks again (its end may have made others due). */
  private iniciar(id: string, trabalho: () => Promise<void>) {
    this.emAndamento.add(id);
    const p: Promise<void> = trabalho()
      .catch((erro: Error) => this.registro.error(`Falha ao tratar ${id}: ${erro.message}`, erro.stack))
      .finally(() => {
        this.emAndamento.delete(id);
        this.tarefas.delete(p);
        this.despertar();
      });
    this.tarefas.add(p);
  }
}
