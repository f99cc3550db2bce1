import { Logger } from '@nestjs/common';
import type { Registro, TipoDocumento } from './repositorio-protocolos';

/** A claim this process holds: its key, the command holding it, its lease and since when it is held. */
export interface Posse {
  tipo: TipoDocumento;
  r: Registro;
  comandoId: string;
  leaseMs: number;
  desde: number;
}

export interface OpcoesPosses {
  /** How often held claims are renewed (a quarter of the lease: three renewals may be late before a key is lost). */
  intervaloMs: number;
  /** The longest a handling may last: a claim held longer (a handling that hangs) is no longer renewed. */
  duracaoMaximaMs: number;
}

const chaveDa = (tipo: TipoDocumento, r: Registro) =>
  `${tipo}|${r.destino}|${r.ambiente}|${r.chave}${r.evento ? `|${r.evento.tipo}|${r.evento.sequencia}` : ''}`;

/**
 * The claims (leases) this process holds, renewed while their handlings run: the lease can then be
 * short, so the keys of a process that died (kill -9, a lost node) are free again within a lease,
 * not only after the longest handling could have ended. One renewal statement per kind of
 * document per interval, whatever the number of claims; the claim's end (a verdict, a release)
 * stops its renewal.
 */
export class PossesMantidas {
  private readonly registro = new Logger('posses');
  private readonly posses = new Map<string, Posse>();
  private temporizador: NodeJS.Timeout | null = null;
  private renovando: Promise<void> | null = null;

  constructor(
    private readonly renovar: (tipo: TipoDocumento, posses: Posse[]) => Promise<void>,
    private readonly opcoes: OpcoesPosses,
    private readonly agora: () => number = Date.now,
  ) {}

  manter(tipo: TipoDocumento, r: Registro, comandoId: string, leaseMs: number): void {
    this.posses.set(chaveDa(tipo, r), { tipo, r, comandoId, leaseMs, desde: this.agora() });
    if (!this.temporizador) {
      this.temporizador = setInterval(() => void this.renovarTodas(), this.opcoes.intervaloMs);
      this.temporizador.unref();
    }
  }

  soltar(tipo: TipoDocumento, r: Registro): void {
    this.posses.delete(chaveDa(tipo, r));
  }

  /** The claims held now (renewed at the next interval). */
  get mantidas(): number {
    return this.posses.size;
  }

  /** One round of renewals (the interval's work; tests call it directly). */
  renovarTodas(): Promise<void> {
    this.renovando ??= this.rodada().finally(() => (this.renovando = null));
    return this.renovando;
  }

  async parar(): Promise<void> {
    if (this.temporizador) clearInterval(this.temporizador);
    this.temporizador = null;
    await this.renovando;
  }

  private async rodada(): Promise<void> {
    const limite = this.agora() - this.opcoes.duracaoMaximaMs;
    const porTipo = new Map<TipoDocumento, Posse[]>();
    for (const [chave, p] of this.posses) {
      if (p.desde < limite) {
        // The lease then runs out and another delivery may take the key, as if this process had died.
        this.registro.warn(`posse de ${p.tipo} ${p.r.chave} mantida há mais de ${this.opcoes.duracaoMaximaMs} ms: não é mais renovada`);
        this.posses.delete(chave);
        continue;
      }
      const doTipo = porTipo.get(p.tipo);
      if (doTipo) doTipo.push(p);
      else porTipo.set(p.tipo, [p]);
    }
    for (const [tipo, lista] of porTipo) {
      // A failed renewal is tried again next interval; the lease has slack for two of them.
      await this.renovar(tipo, lista).catch((e: Error) => this.registro.warn(`renovação de ${lista.length} posse(s) falhou: ${e.message}`));
    }
  }
}
