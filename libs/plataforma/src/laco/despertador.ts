/**
 * The sleep of a polling loop that new work can cut short. The loop calls `novaVolta()` at the top
 * of each pass, looks at `chamado` after its work (work announced meanwhile: look again instead of
 * sleeping) and `dormir(ms)` otherwise; producers call `despertar()` after committing work.
 */
export class Despertador {
  private chamadoNaVolta = false;
  private acordar: (() => void) | null = null;

  /** Ends the current sleep, or, outside one, marks the pass as called. */
  despertar(): void {
    if (this.acordar) this.acordar();
    else this.chamadoNaVolta = true;
  }

  novaVolta(): void {
    this.chamadoNaVolta = false;
  }

  /** Whether `despertar()` came since `novaVolta()`, while the loop was working. */
  get chamado(): boolean {
    return this.chamadoNaVolta;
  }

  /** Sleeps `ms`, or less when woken. */
  async dormir(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      this.acordar = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.acordar = null;
  }
}
