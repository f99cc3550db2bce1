/** A condition that clears by itself (retry later with back-off): the command is not acknowledged. */
export class ErroTransitorio extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroTransitorio';
  }
}
