/**
 * The two status fields of an NFS-e (decisions §7) and the moves between them. `rps` follows the
 * document sent to the municipality; `nfse` the note it produces.
 *
 *   rps  pendente -> enviado -> processado_com_sucesso | processado_com_erro
 *        (pendente may go straight to a verdict when the batch protocol was never seen)
 *   nfse pendente -> emitida -> cancelamento_solicitado -> cancelada | emitida (refused)
 */
const rps = ['pendente', 'enviado', 'processado_com_sucesso', 'processado_com_erro'] as const;
const nfse = ['pendente', 'emitida', 'cancelamento_solicitado', 'cancelada'] as const;
export type SituacaoRps = (typeof rps)[number];
export type SituacaoNfse = (typeof nfse)[number];
// Widened to plain lists (as SITUACOES_NFE is): what the API and the validators iterate over.
export const SITUACOES_RPS: readonly SituacaoRps[] = rps;
export const SITUACOES_NFSE: readonly SituacaoNfse[] = nfse;

/** From which RPS states a municipality verdict is still applied (later duplicates are ignored). */
export const RPS_AGUARDANDO_VEREDITO: readonly SituacaoRps[] = ['pendente', 'enviado'];

export type RecusaCancelamentoNfse = 'ja_cancelada' | 'em_cancelamento' | 'nao_emitida';

/** Why a note cannot be cancelled now, or null when it can (only an `emitida` note can). */
export function recusaCancelamentoNfse(situacao: SituacaoNfse): RecusaCancelamentoNfse | null {
  if (situacao === 'emitida') return null;
  if (situacao === 'cancelada') return 'ja_cancelada';
  if (situacao === 'cancelamento_solicitado') return 'em_cancelamento';
  return 'nao_emitida';
}
