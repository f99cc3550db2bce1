import tabela from './cstat.json';

/**
 * What a cStat means to a client, as data (cstat.json: the MOC's code table with our reading of it;
 * the reference list in ../shared/reference/nfe stops at 999, so 975 and 978 are NT 2018.005's texts
 * and 1004-1150 NT 2025.002-RTC v1.31's (11/2025), copied from the NTs' rule tables on 24/11/2026, the gRed ones on 28/11/2026):
 * - autorizado (100, 150), denegado (110, 301-303): a verdict with a protocol;
 * - duplicidade (204, 205, 539): SEFAZ already has this note or this number: consult before anything else;
 * - homologado: an event, cancellation or inutilização accepted;
 * - em_processamento (103, 105) / lote_processado (104, 128): batch states;
 * - em_operacao (107), indisponivel (108, 109), consumo_indevido (656): service states, never verdicts;
 * - rejeicao: the document was refused; informativo: other successes (queries).
 */
export type TipoCStat =
  | 'autorizado'
  | 'denegado'
  | 'duplicidade'
  | 'homologado'
  | 'em_processamento'
  | 'lote_processado'
  | 'em_operacao'
  | 'indisponivel'
  | 'consumo_indevido'
  | 'rejeicao'
  | 'informativo';

interface EntradaCStat {
  motivo: string;
  tipo: TipoCStat;
}

const TABELA = tabela as Record<string, EntradaCStat>;

export function tipoCStat(cStat: string): TipoCStat {
  return TABELA[cStat]?.tipo ?? 'rejeicao';
}

/** The standard xMotivo of a code (SEFAZ may add details in brackets; this is the base text). */
export function motivoCStat(cStat: string): string {
  return TABELA[cStat]?.motivo ?? `cStat ${cStat}`;
}

export function cStatConhecido(cStat: string): boolean {
  return Object.prototype.hasOwnProperty.call(TABELA, cStat);
}
