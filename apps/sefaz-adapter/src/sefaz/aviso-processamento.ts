import type { Logger } from '@nestjs/common';

/**
 * The optional `em_processamento` notice of a command (spec: sent to SEFAZ, verdict pending; no
 * webhook). Published only when the verdict is not back within `atrasoMs` of the first SEFAZ call,
 * or at once when it surely will not be (a receipt to poll, a failure to retry): a synchronous
 * answer usually comes first, and then nfe-service is spared a whole transaction per note.
 * `atrasoMs` 0: published before the first call, as it always was.
 */
export class AvisoProcessamento {
  private relogio?: NodeJS.Timeout;
  private publicacao?: Promise<void>;
  private iniciado = false;

  constructor(
    private readonly publicar: () => Promise<void>,
    private readonly atrasoMs: number,
    private readonly registro: Pick<Logger, 'warn'>,
  ) {}

  /** Just before the first SEFAZ call. */
  async iniciar(): Promise<void> {
    if (this.iniciado) return;
    this.iniciado = true;
    if (this.atrasoMs <= 0) return this.disparar();
    this.relogio = setTimeout(() => void this.disparar(), this.atrasoMs);
    this.relogio.unref();
  }

  /** The verdict will take (a receipt to poll, a failure to retry): publish now, if the calls began. */
  async agora(): Promise<void> {
    if (!this.iniciado) return;
    clearTimeout(this.relogio);
    await this.disparar();
  }

  /** The call surely never reached SEFAZ: no notice for it (the note stays pendente), unless one went out already. */
  cancelar(): void {
    clearTimeout(this.relogio);
  }

  /** Verdict in hand: no notice, unless it is under way already (then awaited: stored before the verdict). */
  async encerrar(): Promise<void> {
    clearTimeout(this.relogio);
    if (this.publicacao) await this.publicacao;
  }

  private disparar(): Promise<void> {
    // Optional state: a failed notice is logged, never a reason to handle the command again.
    this.publicacao ??= this.publicar().catch((erro: Error) => this.registro.warn(`aviso em_processamento não publicado: ${erro.message}`));
    return this.publicacao;
  }
}
