/**
 * A condition that clears by itself (retry later with back-off): the command is not acknowledged.
 * `repetirEmMs`, when given, replaces the doubling back-off (see atrasoRetentativa).
 */
export class ErroTransitorio extends Error {
  constructor(
    mensagem: string,
    readonly repetirEmMs?: number,
  ) {
    super(mensagem);
    this.name = 'ErroTransitorio';
  }
}

/**
 * Another delivery holds the key's lease (a replica, or a process that died holding it). Asked again
 * every couple of seconds rather than with the doubling back-off: a dead holder's lease expires at a
 * known time, and a back-off grown to 30 s or more would keep the note waiting long after it did.
 */
export const REPETIR_POSSE_OCUPADA_MS = 2_000;
