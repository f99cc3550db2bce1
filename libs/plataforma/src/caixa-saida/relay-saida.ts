import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { InjetarConexaoNats, publicarJsonJetStream } from '../nats';
import { Despertador } from '../laco/despertador';
import { esquemaSaida, type LinhaSaida, textoDaLinha } from './linhas-saida';
import { expurgarCaixas, type RetencaoCaixas } from './retencao';

const LOTE = 200;
const ESPERA_OCIOSA_MS = 250;
/** The first purge a minute after start (not during the start-up rush), then every ten minutes. */
const PRIMEIRO_EXPURGO_MS = 60_000;
const INTERVALO_EXPURGO_MS = 10 * 60_000;
const ESQUEMA_CAIXA_SAIDA = Symbol('ESQUEMA_CAIXA_SAIDA');

/**
 * The poll finds the unpublished rows through the partial index `saida_pendentes`, whose entries for
 * rows published since the table's last VACUUM still point at their dead versions. An index scan marks
 * each such entry dead the first time it meets it and skips it from then on; a bitmap scan (what the
 * planner picks when few rows look pending) reads the heap page of every one of them on every poll:
 * 250 pages per poll after 2,300 notes in the bench, and up to the millions a busy outbox gathers
 * between two autovacuums. So the poll's transaction plans without bitmap and sequential scans.
 */
export const PLANO_VARREDURA_SAIDA = `SELECT set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`;

/**
 * The poll's reading: the oldest unpublished rows, skipping those another replica's poll holds and, with
 * `$1` (text[]), those this process is publishing from memory. Compared as text: the ids are uuid in some
 * schemas and text in others (municipal's carry deterministic names).
 */
export const pendentesDaSaida = (esquema: string, limite: number) =>
  `SELECT id, assunto, dados::text AS dados, request_id FROM ${esquemaSaida(esquema)}.saida WHERE publicado_em IS NULL AND id::text <> ALL($1::text[]) ORDER BY criado_em LIMIT ${Math.trunc(limite)} FOR UPDATE SKIP LOCKED`;
const RETENCAO_CAIXAS = Symbol('RETENCAO_CAIXAS');

/**
 * Publishes an app's outbox rows (`<esquema>.saida`) to JetStream, oldest first. Replicas' polls split the
 * rows with SKIP LOCKED. A row is marked published only after JetStream stored it; a crash in between
 * republishes it with the same id, which the stream's duplicate window drops (and the consumers' inboxes
 * after it). The same loop purges what the retention no longer keeps (retencao.ts).
 */
@Injectable()
export class RelaySaida implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly registro = new Logger('relay-saida');
  private parando = false;
  private readonly despertador = new Despertador();
  private laco: Promise<void> | null = null;

  constructor(
    private readonly banco: DataSource,
    @InjetarConexaoNats() private readonly nc: NatsConnection,
    @Inject(ESQUEMA_CAIXA_SAIDA) private readonly esquema: string,
    @Inject(RETENCAO_CAIXAS) private readonly retencao: RetencaoCaixas,
  ) {}

  private proximoExpurgo = Date.now() + PRIMEIRO_EXPURGO_MS;

  onApplicationBootstrap() {
    this.laco = this.executar();
  }

  async onApplicationShutdown() {
    this.parando = true;
    this.despertador.despertar();
    await Promise.all([this.laco, this.publicacaoDaMemoria]);
  }

  /** After a commit that wrote outbox rows: publish now rather than at the next poll. */
  despertar() {
    this.despertador.despertar();
  }

  private readonly confirmadas: LinhaSaida[] = [];
  /** Ids handed to the publication from memory and not yet marked: this process's poll leaves them alone. */
  private readonly emMemoria = new Set<string>();
  private publicacaoDaMemoria: Promise<void> | null = null;

  /**
   * After the commit that wrote these rows: publish them from memory, without reading the documents
   * back (a note's command carries its 12 KB XML). Rows confirmed while a publication runs wait for
   * the next one, so a burst of commits shares the statements. Anything this does not get to (a
   * failure, a crash) is still unpublished, and the poll sends it. Only rows the caller's commit has just
   * inserted: this publishes what it is handed without reading the table back.
   */
  publicarConfirmadas(linhas: LinhaSaida[]): void {
    if (!linhas.length || this.parando) return;
    for (const l of linhas) this.emMemoria.add(l.id);
    this.confirmadas.push(...linhas);
    this.publicacaoDaMemoria ??= this.publicarDaMemoria();
  }

  private async publicarDaMemoria(): Promise<void> {
    try {
      while (this.confirmadas.length && !this.parando) await this.publicarLoteDaMemoria(this.confirmadas.splice(0, LOTE));
    } finally {
      // Run right after the loop's last check, with no await between: rows confirmed later start a new publication.
      this.publicacaoDaMemoria = null;
    }
  }

  /**
   * Publish, then mark what JetStream stored, in ONE statement and no transaction: a lock-and-mark
   * transaction held open across the acks took three statements per batch (tools/bench/nfe-e2e). A row
   * another replica's poll holds is skipped, not waited for: that poll marks it (having published it
   * too, which the stream's duplicate window drops). A row whose publication failed stays unmarked and
   * the poll is woken for it.
   */
  private async publicarLoteDaMemoria(lote: LinhaSaida[]): Promise<void> {
    try {
      const resultados = await Promise.allSettled(
        lote.map((l) => publicarJsonJetStream(this.nc, l.assunto, textoDaLinha(l), l.id, l.requestId ?? undefined)),
      );
      const publicadas = lote.filter((_, i) => resultados[i].status === 'fulfilled').map((l) => l.id);
      await this.marcarPublicadas(publicadas);
      const falha = resultados.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (falha) this.deixarParaVarredura(`${lote.length - publicadas.length} de ${lote.length}`, falha.reason as Error);
    } catch (erro) {
      this.deixarParaVarredura(String(lote.length), erro as Error);
    } finally {
      // Whatever happened, these ids are the poll's again (an unmarked row is still unpublished in the table).
      for (const l of lote) this.emMemoria.delete(l.id);
    }
  }

  /** Rows the publication from memory did not publish: still unpublished in the table, so the poll is woken. */
  private deixarParaVarredura(quantas: string, erro: Error): void {
    this.registro.warn(`Falha ao publicar ${quantas} linhas da saída da memória; ficam para a varredura: ${erro?.message}`);
    this.despertar();
  }

  private async marcarPublicadas(ids: string[]): Promise<void> {
    if (!ids.length) return;
    try {
      await this.banco.query(
        `UPDATE ${this.esquema}.saida SET publicado_em = now()
          WHERE id IN (SELECT id FROM ${this.esquema}.saida WHERE id = ANY($1) AND publicado_em IS NULL FOR UPDATE SKIP LOCKED)`,
        [ids],
      );
    } catch (erro) {
      // Published but not marked: the poll publishes them again, and the stream drops the duplicates.
      this.registro.warn(`Falha ao marcar ${ids.length} linhas publicadas da memória: ${(erro as Error).message}`);
    }
  }

  private async executar() {
    let falhas = 0;
    while (!this.parando) {
      let publicadas = 0;
      this.despertador.novaVolta();
      try {
        publicadas = await this.publicarLote();
        falhas = 0;
      } catch (erro) {
        falhas++;
        this.registro.warn(`Falha ao publicar a saída (tentativa ${falhas}): ${(erro as Error).message}`);
      }
      if (Date.now() >= this.proximoExpurgo) await this.expurgar();
      if (publicadas === LOTE || (this.despertador.chamado && !falhas)) continue;
      await this.despertador.dormir(falhas ? Math.min(5000, 100 * 2 ** falhas) : ESPERA_OCIOSA_MS);
    }
  }

  private async expurgar(): Promise<void> {
    this.proximoExpurgo = Date.now() + INTERVALO_EXPURGO_MS;
    try {
      const apagadas = await expurgarCaixas(this.banco, this.esquema, this.retencao);
      if (apagadas.saida || apagadas.entrada)
        this.registro.log(`Expurgo: ${apagadas.saida} linhas publicadas da saída e ${apagadas.entrada} ids da entrada`);
    } catch (erro) {
      this.registro.warn(`Falha no expurgo das caixas (nova tentativa no próximo intervalo): ${(erro as Error).message}`);
    }
  }

  private async publicarLote(): Promise<number> {
    // Validated once, when the module was built (CaixaSaidaModule.paraEsquema).
    const esquema = this.esquema;
    return this.banco.transaction(async (tx) => {
      await tx.query(PLANO_VARREDURA_SAIDA);
      // dados as text: published as stored, without a parse and a re-stringify of large documents.
      const linhas: { id: string; assunto: string; dados: string; request_id: string | null }[] = await tx.query(
        pendentesDaSaida(esquema, LOTE),
        [[...this.emMemoria]],
      );
      if (!linhas.length) return 0;
      await Promise.all(linhas.map((l) => publicarJsonJetStream(this.nc, l.assunto, l.dados, l.id, l.request_id ?? undefined)));
      await tx.query(`UPDATE ${esquema}.saida SET publicado_em = now() WHERE id = ANY($1)`, [linhas.map((l) => l.id)]);
      return linhas.length;
    });
  }
}

/**
 * The outbox relay of the app whose schema holds `saida`: `CaixaSaidaModule.paraEsquema('nfe', config)`
 * in the root module (config: the app's validated variables, with `definicoesCaixas`).
 */
@Module({})
export class CaixaSaidaModule {
  static paraEsquema(esquema: string, retencao: RetencaoCaixas): DynamicModule {
    return {
      module: CaixaSaidaModule,
      global: true,
      providers: [
        { provide: ESQUEMA_CAIXA_SAIDA, useValue: esquemaSaida(esquema) },
        { provide: RETENCAO_CAIXAS, useValue: retencao },
        RelaySaida,
      ],
      exports: [RelaySaida],
    };
  }
}
