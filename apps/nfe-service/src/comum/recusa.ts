import type { RespostaRpc } from '@emissor/contracts';

/**
 * A business-rule failure decided before anything is written (no number is consumed, no row
 * changed): thrown by a step deep inside a use case, answered as it is by the use case's catch.
 */
export class Recusa extends Error {
  constructor(readonly resposta: RespostaRpc<never>) {
    super('recusa');
  }
}
