import { Injectable, Logger } from '@nestjs/common';
import { RelaySaida } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import type { LinhaSaida } from '../mensageria/saida';
import type { AmbienteNumeracao } from './entities/nota-fiscal.entity';
import type { NotaFiscal } from './entities/nota-fiscal.entity';
import { RepositorioNotas } from './notas.repositorio';
import { type ContadorLido, proximoNumeroLivre, travarContador } from './numeracao';
import { ValidadorXsdNfe } from './validador-xsd.provider';

/** A note ready to be written: the row, its signed XML and its outbox rows (command and event). */
export interface NotaMontada {
  registro: NotaFiscal;
  saidas: LinhaSaida[];
}

/** One create request waiting for a number. `montar` builds and signs the note for that number. */
export interface PedidoNumeracao {
  cnpj: string;
  ambiente: AmbienteNumeracao;
  serie: number;
  montar(numero: number): NotaMontada;
}

/** `mensagem`: the 422 for a note SEFAZ would refuse unread (too large, or out of schema). */
export type ResultadoEmissao = { ok: true; nota: NotaFiscal } | { ok: false; mensagem: string };

interface Pendente {
  pedido: PedidoNumeracao;
  resolver(r: ResultadoEmissao): void;
  rejeitar(e: unknown): void;
  concluido: boolean;
}

/** A batch numbered, built, signed and schema-checked, every note of it valid. */
interface LoteMontado {
  pendentes: Pendente[];
  montadas: NotaMontada[];
  ultimo: number;
}

/** Notes per batch: enough to amortise the write, small enough to keep a batch short. */
const LOTE_MAXIMO = 32;
/** After a batch numbered ahead found its counter changed (another replica), this long under the lock. */
const SOB_TRAVA_APOS_CONFLITO_MS = 1_000;
/** Counters remembered; past it the readings are dropped (the next batch of each numbers under the lock). */
const CONTADORES_LEMBRADOS = 10_000;

/** What this process knows of a counter: its reading as this process last left it. */
interface ContadorConhecido {
  lido: ContadorLido | null;
  sobTravaAte: number;
}

/**
 * Group commit of note creation, per counter (CNPJ, numbering environment, série).
 *
 * Every note of one counter is numbered from the counter's row, so notes of one company are written
 * one batch after the other. Instead of one write per note, the requests that arrive while a batch is
 * being written wait and are written together by the next one.
 *
 * A batch is numbered from the counter as this process last left it (its last number, the reserved
 * ranges above it, their version), built, signed and schema-checked, and then written in ONE statement
 * with no transaction around it: the notes, their outbox rows and the new last number, only if the row
 * still holds that last number and version (`RepositorioNotas.gravarNotasSeContadorConfere`). That is
 * one round trip to PostgreSQL per batch; taking the counter's lock first is five (BEGIN, the lock, the
 * ranges, the write, COMMIT), and those round trips were half of a batch's time under load
 * (tools/bench/nfe-e2e/README.md).
 * When this process has no reading, or the row holds something else (another replica numbered, a range
 * was reserved or freed: a trigger bumps the ranges' version), the batch is numbered again under the lock
 * in a transaction, as before, which gives the reading back; after such a conflict the counter is
 * numbered under its lock for a second, so replicas sharing a company do not build their batches twice.
 *
 * Still gapless: a number is consumed only by a note that is written in the same statement or commit,
 * and a note that fails the schema check gives its number to the next one. If a batch's write fails (a
 * concurrent duplicate `codigo_externo`, say), its requests are retried one per write so only the
 * offending one fails.
 */
@Injectable()
export class EmissaoEmLote {
  private readonly registro = new Logger('emissao-em-lote');
  private readonly filas = new Map<string, Pendente[]>();
  private readonly conhecidos = new Map<string, ContadorConhecido>();

  constructor(
    private readonly banco: DataSource,
    private readonly validadorXsd: ValidadorXsdNfe,
    private readonly relay: RelaySaida,
    private readonly repositorio: RepositorioNotas,
  ) {}

  emitir(pedido: PedidoNumeracao): Promise<ResultadoEmissao> {
    return new Promise((resolver, rejeitar) => {
      const chave = `${pedido.cnpj}|${pedido.ambiente}|${pedido.serie}`;
      const fila = this.filas.get(chave);
      const pendente: Pendente = { pedido, resolver, rejeitar, concluido: false };
      if (fila) {
        fila.push(pendente);
        return;
      }
      // No batch of this counter running: this request starts the drain loop.
      this.filas.set(chave, [pendente]);
      void this.drenar(chave);
    });
  }

  private async drenar(chave: string): Promise<void> {
    const fila = this.filas.get(chave)!;
    while (fila.length) {
      const lote = fila.splice(0, LOTE_MAXIMO);
      await this.processar(chave, lote);
    }
    this.filas.delete(chave);
  }

  private async processar(chave: string, lote: Pendente[]): Promise<void> {
    try {
      await this.gravar(chave, lote);
    } catch (erro) {
      const restantes = lote.filter((p) => !p.concluido);
      if (restantes.length === 1) return this.falhar(restantes[0], erro);
      if (restantes.length)
        this.registro.warn(`Lote de ${restantes.length} notas desfeito (${(erro as Error).message}); gravando uma a uma`);
      for (const p of restantes) {
        try {
          await this.gravar(chave, [p]);
        } catch (e) {
          this.falhar(p, e);
        }
      }
    }
  }

  /** Each request is answered once: a failed batch is retried only for those not answered yet. */
  private responder(p: Pendente, resultado: ResultadoEmissao): void {
    if (p.concluido) return;
    p.concluido = true;
    p.resolver(resultado);
  }

  private falhar(p: Pendente, erro: unknown): void {
    if (p.concluido) return;
    p.concluido = true;
    p.rejeitar(erro);
  }

  /** Writes a batch, numbered from this process's reading of the counter when it has one; answers after the write. */
  private async gravar(chave: string, lote: Pendente[]): Promise<void> {
    const conhecido = this.conhecido(chave);
    if (conhecido.lido && Date.now() >= conhecido.sobTravaAte) {
      if (await this.gravarComoLido(lote, conhecido, conhecido.lido)) return;
      conhecido.sobTravaAte = Date.now() + SOB_TRAVA_APOS_CONFLITO_MS;
    }
    await this.gravarSobTrava(lote, conhecido);
  }

  private conhecido(chave: string): ContadorConhecido {
    let conhecido = this.conhecidos.get(chave);
    if (!conhecido) {
      if (this.conhecidos.size >= CONTADORES_LEMBRADOS) this.conhecidos.clear();
      conhecido = { lido: null, sobTravaAte: 0 };
      this.conhecidos.set(chave, conhecido);
    }
    return conhecido;
  }

  /**
   * The batch numbered from the reading, built and checked, then written in one statement if the counter
   * is still as read. False when it is not: nothing was written, and the batch goes under the lock.
   */
  private async gravarComoLido(lote: Pendente[], conhecido: ContadorConhecido, lido: ContadorLido): Promise<boolean> {
    const { cnpj, ambiente, serie } = lote[0].pedido;
    const montado = await this.montarValidas(lote, lido);
    if (!montado) return true;
    const gravado = await this.repositorio.gravarNotasSeContadorConfere(
      montado.montadas.map((m) => m.registro),
      montado.montadas.flatMap((m) => m.saidas),
      { cnpj, ambiente, serie, ultimo: montado.ultimo, lido },
    );
    if (!gravado) return false; // gravarSobTrava forgets the reading and reads the counter again
    conhecido.lido = { ...lido, ultimo: montado.ultimo };
    this.confirmar(montado);
    return true;
  }

  /** One transaction under the counter's lock, which reads the counter again; answers after the commit. */
  private async gravarSobTrava(lote: Pendente[], conhecido: ContadorConhecido): Promise<void> {
    const { cnpj, ambiente, serie } = lote[0].pedido;
    conhecido.lido = null;
    const { montado, lido } = await this.banco.transaction(async (tx) => {
      const contador = await travarContador(tx, cnpj, ambiente, serie);
      const montado = await this.montarValidas(lote, contador);
      if (montado)
        await this.repositorio.gravarNotas(
          tx,
          montado.montadas.map((m) => m.registro),
          montado.montadas.flatMap((m) => m.saidas),
          { cnpj, ambiente, serie, ultimo: montado.ultimo },
        );
      return { montado, lido: { ...contador, ultimo: montado?.ultimo ?? contador.ultimo } };
    });
    conhecido.lido = lido;
    if (montado) this.confirmar(montado);
  }

  /** Written: the commands and events go to JetStream from memory, without reading them back, and each request gets its note. */
  private confirmar({ pendentes, montadas }: LoteMontado): void {
    this.relay.publicarConfirmadas(montadas.flatMap((m) => m.saidas));
    pendentes.forEach((p, i) => this.responder(p, { ok: true, nota: montadas[i].registro }));
  }

  /**
   * Numbers the batch's unanswered requests from the counter's reading, builds, signs and schema-checks
   * them. A note SEFAZ would refuse unread gets its 422 and consumes nothing; the others are numbered
   * again without it. Null when no request is left.
   */
  private async montarValidas(lote: Pendente[], contador: ContadorLido): Promise<LoteMontado | null> {
    let candidatos = lote.filter((p) => !p.concluido);
    while (candidatos.length) {
      const { montadas, ultimo, checagens } = this.numerar(candidatos, contador);
      const recusas = await Promise.all(checagens);
      if (recusas.every((r) => r === null)) return { pendentes: candidatos, montadas, ultimo };
      candidatos.forEach((p, i) => recusas[i] !== null && this.responder(p, { ok: false, mensagem: recusas[i]! }));
      candidatos = candidatos.filter((p) => !p.concluido);
    }
    return null;
  }

  /**
   * Numbers, builds and signs the batch's notes in order. Each signed note goes to the schema check
   * (a worker thread) as soon as it is signed, so the worker checks it while the next ones are built.
   */
  private numerar(pendentes: Pendente[], { ultimo, faixas }: ContadorLido) {
    const montadas: NotaMontada[] = [];
    const checagens: Promise<string | null>[] = [];
    let atual = ultimo;
    for (const p of pendentes) {
      atual = proximoNumeroLivre(atual, faixas);
      const montada = p.pedido.montar(atual);
      montadas.push(montada);
      const checagem = this.validadorXsd.recusaDaNota(montada.registro.xmlAssinado);
      // Awaited by the caller; this keeps a failed check from being unhandled if a later montar throws.
      checagem.catch(() => undefined);
      checagens.push(checagem);
    }
    return { montadas, ultimo: atual, checagens };
  }
}
