import type { ComandoCancelarNfse, ComandoEnviarRps, MensagemMunicipio, ResultadoCancelamentoNfse, ResultadoRps } from '@emissor/contracts';
import type { LoteParaEnvio, NfseEmitida, RespostaCancelamento, VereditoRps } from '../provedores/provedor';
import type { LinhaLote, LinhaRps, SituacaoLote } from './lotes.repositorio';

/**
 * The pure rules of the batch state machine (no I/O): what each state calls for, the waits, and how
 * the municipality's answers become verdicts. The steps that apply them: lotes/etapas-lote.ts.
 */

/** The loop looks again at least this often (new RPS, leadership). */
export const ESPERA_MAXIMA_MS = 1000;
/** A refused certificate is retried at this pace (a new upload is picked up on the next try). */
export const ESPERA_CERTIFICADO_RECUSADO_MS = 30_000;
/** The consult of a batch still being processed never waits longer than this. */
const ESPERA_MAXIMA_CONSULTA_MS = 10_000;

export type PassoLote = 'enviar' | 'consultar' | 'verificar_por_rps';

/**
 * What each state of a batch calls for (each state is committed before the step that leaves it):
 *   montado --enviar (marked enviando first)--> enviado (protocol) --consultar--> concluido
 *   enviando / ambiguo: it may have reached the municipality, so it is never resent blindly: each RPS is
 *   consulted by RPS; found = that NFS-e is its verdict, not found = back to the queue for a new batch.
 */
export const PASSO_DO_LOTE: Record<SituacaoLote, PassoLote | null> = {
  montado: 'enviar',
  enviado: 'consultar',
  // The process died while sending.
  enviando: 'verificar_por_rps',
  // A send or consult failed without an answer.
  ambiguo: 'verificar_por_rps',
  concluido: null,
};

/**
 * The state a transport failure (no answer) leaves: a batch whose send started may have arrived
 * (ambiguo); one with a protocol stays enviado (consulted again), an ambiguous one stays so.
 */
export function situacaoAposFalhaDeTransporte(situacao: SituacaoLote): SituacaoLote | undefined {
  return situacao === 'montado' || situacao === 'enviando' ? 'ambiguo' : undefined;
}

/** Back-off of a failed attempt: 1 s doubling up to 5 minutes. */
export const atrasoFalha = (tentativa: number) => Math.min(300_000, 1000 * 2 ** Math.min(tentativa, 9));

/** The next consult of a batch still being processed: CONSULTA_INTERVALO_MS growing 1.5× up to 10 s. */
export const esperaDaConsulta = (tentativas: number, intervaloMs: number) =>
  Math.min(ESPERA_MAXIMA_CONSULTA_MS, intervaloMs * 1.5 ** Math.min(tentativas + 1, 20));

/** An RPS back in the queue waits longer each time it goes back (its first batch does not count). */
export const esperaNaFilaSegundos = (envios: number) => (envios > 1 ? atrasoFalha(envios - 2) / 1000 : 0);

/** A group forms a batch when it fills one, or, once its oldest RPS has waited the interval, with what it has. */
export const loteDevido = (restantes: number, maximo: number, porIdade: boolean) => restantes >= maximo || (porIdade && restantes > 0);

/** A verdict to publish for one RPS. */
export type Conclusao = { nota: number; resultado: ResultadoRps };

export function conclusaoEmitida(r: LinhaRps, nfse: NfseEmitida): Conclusao {
  return {
    nota: Number(r.nota_id),
    resultado: {
      nota_id: Number(r.nota_id),
      situacao: 'processado_com_sucesso',
      nfse: {
        numero: nfse.numero,
        codigo_verificacao: nfse.codigo_verificacao,
        data_emissao: nfse.data_emissao,
        ...(nfse.xml ? { xml: nfse.xml } : {}),
      },
    },
  };
}

export function conclusaoRecusada(r: LinhaRps, erros: MensagemMunicipio[]): Conclusao {
  return { nota: Number(r.nota_id), resultado: { nota_id: Number(r.nota_id), situacao: 'processado_com_erro', erros } };
}

/**
 * An RPS out of layout is refused alone, before the batch leaves (the municipality would refuse the
 * whole batch for it); the others go on.
 */
export function separarForaDoLeiaute(
  rps: LinhaRps[],
  errosDeLeiaute: (c: ComandoEnviarRps) => MensagemMunicipio[],
): { recusadas: Conclusao[]; aceitas: LinhaRps[] } {
  const recusadas: Conclusao[] = [];
  const aceitas: LinhaRps[] = [];
  for (const r of rps) {
    const erros = errosDeLeiaute(r.comando);
    if (erros.length) recusadas.push(conclusaoRecusada(r, erros));
    else aceitas.push(r);
  }
  return { recusadas, aceitas };
}

/**
 * Whether an NFS-e from the municipality's answer can be recorded: it has its number and its
 * verification code (national: its key). The readers give '' for a missing element, and an NFS-e
 * without them cannot be shown, downloaded or cancelled (and breaks the result's contract). Such an
 * NFS-e is no verdict for its RPS, which is consulted by RPS and, while the answer stays broken, sent
 * back to the queue with the growing wait (sent again, the municipality answers "already issued" and it
 * is consulted again); the rest of its batch is concluded. Every provider's answers go through here.
 */
export const nfseCompleta = (nfse: NfseEmitida) => nfse.numero.trim() !== '' && nfse.codigo_verificacao.trim() !== '';

/**
 * The municipality's verdicts per RPS: an NFS-e or a refusal concludes it; "already informed" (ABRASF
 * E10, national E0014), no verdict (a batch refused as a whole) or an NFS-e without its number or code
 * (also listed in `incompletas`, for the log) is not known yet: ask by RPS.
 */
export function classificarVereditos(
  rps: LinhaRps[],
  vereditos: Map<number, VereditoRps>,
): { conclusoes: Conclusao[]; aConsultar: LinhaRps[]; incompletas: string[] } {
  const conclusoes: Conclusao[] = [];
  const aConsultar: LinhaRps[] = [];
  const incompletas: string[] = [];
  for (const r of rps) {
    const v = vereditos.get(Number(r.nota_id)) ?? { tipo: 'sem_veredito' };
    if (v.tipo === 'recusado') conclusoes.push(conclusaoRecusada(r, v.erros));
    else if (v.tipo === 'emitida' && nfseCompleta(v.nfse)) conclusoes.push(conclusaoEmitida(r, v.nfse));
    else {
      if (v.tipo === 'emitida') incompletas.push(r.nota_id);
      aConsultar.push(r);
    }
  }
  return { conclusoes, aConsultar, incompletas };
}

/** What the provider is given: the batch number, its issuer (every RPS of a batch has the same) and the RPS. */
export function loteParaEnvio(lote: LinhaLote, rps: LinhaRps[]): LoteParaEnvio {
  return { numeroLote: String(lote.numero_lote), prestador: rps[0].comando.prestador, rps: rps.map((r) => r.comando) };
}

/** The result of a cancellation command, from the authority's answer (or a refusal of ours: no municipality, no certificate). */
export function resultadoDoCancelamento(c: ComandoCancelarNfse, r: RespostaCancelamento): ResultadoCancelamentoNfse {
  return r.aceito
    ? { comando_id: c.comando_id, nota_id: c.nota_id, aceito: true, ...(r.data ? { data_cancelamento: r.data } : {}) }
    : { comando_id: c.comando_id, nota_id: c.nota_id, aceito: false, erros: r.erros };
}
