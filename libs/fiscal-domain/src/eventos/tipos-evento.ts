/**
 * The NF-e events the platform sends (Manual de Orientação do Contribuinte / NT 2011.003 for the
 * CC-e; leiaute PL_010 v1.30 schemas), one row per type: what the event pipeline (nfe-service, the
 * SEFAZ adapter, the simulator) needs to know of each. Room for 110140 (EPEC) and the 2026 reform
 * events: a row here plus their detEvento builder.
 */
export const TIPO_EVENTO_CANCELAMENTO = '110111';
export const TIPO_EVENTO_CARTA_CORRECAO = '110110';

export interface DefinicaoTipoEvento {
  codigo: string;
  /** `descEvento` as the schema fixes it. */
  descricao: string;
  /** Largest nSeqEvento the layout accepts (1..20 for both; a cancellation is sent as 1, cartas are numbered 1..20). */
  sequenciaMaxima: number;
  /** Root schema of the envEvento of this type (ESQUEMA_RAIZ key). */
  esquemaEnvio: 'envEventoCancelamento' | 'envCCe';
  /**
   * cStat of the answer that stands for an event already registered for the same key and type, after
   * which the consultation by key decides (573: duplicate event; 218: note already cancelled).
   */
  jaRegistrado: readonly string[];
  /**
   * cStat of the consultation by key meaning the event's effect already holds even when the event
   * itself is not listed (101/151/155: the note is cancelled). Empty: only the listed event counts.
   */
  efeitoPelaSituacao: readonly string[];
  /**
   * Whether an SVC receives it for a note it authorized (tpEmis 6/7): the cancellation yes; the CC-e
   * no — it goes to the state's authorizer once the notes are synchronized (Portal da NF-e, SVC).
   */
  aceitoNaSvc: boolean;
}

export const TIPOS_EVENTO_NFE: Readonly<Record<string, DefinicaoTipoEvento>> = Object.freeze({
  [TIPO_EVENTO_CANCELAMENTO]: { codigo: TIPO_EVENTO_CANCELAMENTO, descricao: 'Cancelamento', sequenciaMaxima: 20, esquemaEnvio: 'envEventoCancelamento', jaRegistrado: ['573', '218'], efeitoPelaSituacao: ['101', '151', '155'], aceitoNaSvc: true },
  [TIPO_EVENTO_CARTA_CORRECAO]: { codigo: TIPO_EVENTO_CARTA_CORRECAO, descricao: 'Carta de Correção', sequenciaMaxima: 20, esquemaEnvio: 'envCCe', jaRegistrado: ['573'], efeitoPelaSituacao: [], aceitoNaSvc: false },
});

export function definicaoTipoEvento(codigo: string): DefinicaoTipoEvento | null {
  return TIPOS_EVENTO_NFE[codigo] ?? null;
}

/** Id of infEvento: `ID` + tpEvento(6) + chave(44) + nSeqEvento(2). */
export function idEvento(tipoEvento: string, chaveAcesso: string, sequencia: number): string {
  return `ID${tipoEvento}${chaveAcesso}${String(sequencia).padStart(2, '0')}`;
}

/** Reads tpEvento, key and nSeqEvento back from an infEvento Id (null when it is not one). */
export function lerIdEvento(id: string): { tipoEvento: string; chave: string; sequencia: number } | null {
  const m = /^ID(\d{6})(\d{44})(\d{2})$/.exec(id);
  return m ? { tipoEvento: m[1], chave: m[2], sequencia: Number(m[3]) } : null;
}
