import { Injectable, Logger } from '@nestjs/common';
import { RelaySaida } from '@emissor/plataforma';
import { DataSource } from 'typeorm';
import type { LinhaSaida } from '../mensageria/saida';
import type { AmbienteNumeracao } from './entities/nota-fiscal.entity';
import type { NotaFiscal } from './entities/nota-fiscal.entity';
import { RepositorioNotas } from './notas.repositorio';
import { proximoNumeroLivre, travarContador } from './numeracao';
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

/** Notes per transaction: enough to amortise the commit, small enough to keep the lock short. */
const LOTE_MAXIMO = 32;

/**
 * Group commit of note creation, per counter (CNPJ, numbering environment, série).
 *
 * Every note of one counter takes its number under the counter's row lock, so notes of one company
 * are written one transaction after the other. Instead of one transaction per note, the requests that
 * arrive while a transaction is running wait and are written together by the next one: lock, number,
 * build, sign and schema-check each note, write the notes, their outbox rows and the last number in
 * one statement, commit — then every request of the batch gets its answer. Still
 * gapless: a number is consumed only by a note that is written in the same commit, and a note that
 * fails the schema check gives its number to the next one. If the batch's transaction fails (a
 * concurrent duplicate `codigo_externo`, say), its requests are retried one per transaction so only
 * the offending one fails.
 */
@Injectable()
export class EmissaoEmLote {
  private readonly registro = new Logger('emissao-em-lote');
  private readonly filas = new Map<string, Pendente[]>();

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
      await this.processar(lote);
    }
    this.filas.delete(chave);
  }

  private async processar(lote: Pendente[]): Promise<void> {
    try {
      await this.gravar(lote);
    } catch (erro) {
      const restantes = lote.filter((p) => !p.concluido);
      if (restantes.length === 1) return this.falhar(restantes[0], erro);
      if (restantes.length)
        this.registro.warn(`Lote de ${restantes.length} notas desfeito (${(erro as Error).message}); gravando uma a uma`);
      for (const p of restantes) {
        try {
          await this.gravar([p]);
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

  /** One transaction for the batch; answers its requests only after the commit. */
  private async gravar(lote: Pendente[]): Promise<void> {
    const { cnpj, ambiente, serie } = lote[0].pedido;
    const gravadas = await this.banco.transaction(async (tx) => {
      const contador = await travarContador(tx, cnpj, ambiente, serie);
      let candidatos = lote.filter((p) => !p.concluido);
      for (;;) {
        const { montadas, ultimo, checagens } = this.numerar(candidatos, contador.ultimo, contador.faixas);
        const recusas = await Promise.all(checagens);
        const invalidas = candidatos.filter((_, i) => recusas[i] !== null);
        if (!invalidas.length) {
          await this.repositorio.gravarNotas(
            tx,
            montadas.map((m) => m.registro),
            montadas.flatMap((m) => m.saidas),
            { cnpj, ambiente, serie, ultimo },
          );
          return candidatos.map((p, i) => ({ p, nota: montadas[i].registro, saidas: montadas[i].saidas }));
        }
        // A note SEFAZ would refuse unread gets a 422 and consumes nothing; the others are numbered
        // again without it.
        for (const p of invalidas) this.responder(p, { ok: false, mensagem: recusas[candidatos.indexOf(p)]! });
        candidatos = candidatos.filter((p) => !p.concluido);
        if (!candidatos.length) return [];
      }
    });
    // Committed: the commands and events go to JetStream from memory, without reading them back.
    this.relay.publicarConfirmadas(gravadas.flatMap((g) => g.saidas));
    for (const { p, nota } of gravadas) this.responder(p, { ok: true, nota });
  }

  /**
   * Numbers, builds and signs the batch's notes in order. Each signed note goes to the schema check
   * (a worker thread) as soon as it is signed, so the worker checks it while the next ones are built:
   * the counter's lock is not held for a check of the whole batch after the last signature.
   */
  private numerar(pendentes: Pendente[], ultimo: number, faixas: Parameters<typeof proximoNumeroLivre>[1]) {
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
