import { svcDoTipoEmissao, type TipoSvc } from '../contingencia/svc';
import { CHAVE_ACESSO_EM_TEXTO } from '../identificadores/chave-acesso';
import { NAMESPACE_NFE } from '../nfe/tipos';
import { localizarElemento } from '../sefaz/xml-texto';

/**
 * The NF-e events the platform sends (Manual de Orientação do Contribuinte / NT 2011.003 for the
 * CC-e; leiaute PL_010 v1.30 schemas), one row per type: what the event pipeline (nfe-service, the
 * SEFAZ adapter, the simulator) needs to know of each. Room for 110140 (EPEC, received by the
 * Ambiente Nacional) and the 2026 reform events: a row here plus their detEvento builder.
 */
export const TIPO_EVENTO_CANCELAMENTO = '110111';
export const TIPO_EVENTO_CARTA_CORRECAO = '110110';

/**
 * What an accepted event does to the note: `cancela` ends it (the note is cancelled, one per note);
 * `vinculado` leaves it as it is, the event being registered beside it (a carta de correção).
 */
export type EfeitoEvento = 'cancela' | 'vinculado';

/**
 * Who receives the event: `uf` the authorizer of the note's state (or its SVC, see svcDoEvento);
 * `an` the Ambiente Nacional's NFeRecepcaoEvento (EPEC 110140, the recipient's manifestations).
 */
export type AutorizadorEvento = 'uf' | 'an';

export interface DefinicaoTipoEvento {
  codigo: string;
  /** `descEvento` as the schema fixes it. */
  descricao: string;
  /** xEvento of the authority's retEvento when it registers one (the simulator answers it). */
  descricaoRegistro: string;
  /** Largest nSeqEvento the layout accepts (1..20 for both; a cancellation is sent as 1, cartas are numbered 1..20). */
  sequenciaMaxima: number;
  /**
   * Schema of this type's detEvento (ESQUEMA_RAIZ key). An envEvento is checked as the authority does:
   * the envelope against the generic `envEvento` schema (whose Id takes the alphanumeric key), then
   * each detEvento against its type's own schema (eTTTTTT_v1.00.xsd; cStat 493 when it fails).
   */
  esquemaDetalhe: 'detEventoCancelamento' | 'detEventoCCe';
  efeito: EfeitoEvento;
  autorizador: AutorizadorEvento;
  /** cStat of the event's own answer (retEvento) that means it was registered with its effect. */
  aceitos: readonly string[];
  /**
   * cStat of the answer that stands for an event already registered for the same key and type, after
   * which the consultation by key decides (573: duplicate event; 218: note already cancelled).
   */
  jaRegistrado: readonly string[];
  /**
   * cStat of the consultation by key meaning the event's effect already holds even when the event
   * itself is not listed (101/151/155: the note is cancelled), each mapped to the event's own code
   * it stands for (101 -> 135, registered; 151/155 -> 155, registered out of term): the pipeline
   * reports the event's code, never the note's. Empty: only the listed event counts.
   */
  efeitoPelaSituacao: Readonly<Record<string, string>>;
  /**
   * Whether an SVC receives it for a note it authorized (tpEmis 6/7) while the contingency lasts: the
   * cancellation yes; the CC-e no — it goes to the state's authorizer (Portal da NF-e, SVC).
   */
  aceitoNaSvc: boolean;
  /** Webhooks of the verdict (decisions §6 and §9), as nfe-service names them. */
  webhooks: { aceito: string; rejeitado: string };
}

export const TIPOS_EVENTO_NFE: Readonly<Record<string, DefinicaoTipoEvento>> = Object.freeze({
  [TIPO_EVENTO_CANCELAMENTO]: {
    codigo: TIPO_EVENTO_CANCELAMENTO,
    descricao: 'Cancelamento',
    descricaoRegistro: 'Cancelamento registrado',
    sequenciaMaxima: 20,
    esquemaDetalhe: 'detEventoCancelamento',
    efeito: 'cancela',
    autorizador: 'uf',
    aceitos: ['135', '155'],
    jaRegistrado: ['573', '218'],
    efeitoPelaSituacao: { '101': '135', '151': '155', '155': '155' },
    aceitoNaSvc: true,
    webhooks: { aceito: 'nfe_cancelamento_autorizado', rejeitado: 'nfe_cancelamento_rejeitado' },
  },
  [TIPO_EVENTO_CARTA_CORRECAO]: {
    codigo: TIPO_EVENTO_CARTA_CORRECAO,
    descricao: 'Carta de Correção',
    descricaoRegistro: 'Carta de Correção registrada',
    sequenciaMaxima: 20,
    esquemaDetalhe: 'detEventoCCe',
    efeito: 'vinculado',
    autorizador: 'uf',
    aceitos: ['135', '136'],
    jaRegistrado: ['573'],
    efeitoPelaSituacao: {},
    aceitoNaSvc: false,
    webhooks: { aceito: 'nfe_carta_correcao_autorizada', rejeitado: 'nfe_carta_correcao_rejeitada' },
  },
});

export function definicaoTipoEvento(codigo: string): DefinicaoTipoEvento | null {
  return Object.prototype.hasOwnProperty.call(TIPOS_EVENTO_NFE, codigo) ? TIPOS_EVENTO_NFE[codigo] : null;
}

/** Whether a verdict with this cStat is the event registered (its own code, or the consultation's code for its effect). */
export function eventoAceito(tipo: DefinicaoTipoEvento, cStat: string): boolean {
  return tipo.aceitos.includes(cStat) || Object.prototype.hasOwnProperty.call(tipo.efeitoPelaSituacao, cStat);
}

/**
 * The SVC that receives this event of a note keyed with `tipoEmissao`, provided the contingency of the
 * note's UF is still active; null when it always goes to the state's authorizer (or the AN). NT 2013.007
 * and the MOC: while the SVC is active, the events of its notes go to it; once deactivated it hands its
 * documents to the state's authorizer, which then receives their events.
 */
export function svcDoEvento(tipo: DefinicaoTipoEvento, tipoEmissao: number): TipoSvc | null {
  return tipo.autorizador === 'uf' && tipo.aceitoNaSvc ? svcDoTipoEmissao(tipoEmissao) : null;
}

/** Id of infEvento: `ID` + tpEvento(6) + chave(44) + nSeqEvento(2). */
export function idEvento(tipoEvento: string, chaveAcesso: string, sequencia: number): string {
  return `ID${tipoEvento}${chaveAcesso}${String(sequencia).padStart(2, '0')}`;
}

const ID_EVENTO = new RegExp(`^ID(\\d{6})(${CHAVE_ACESSO_EM_TEXTO})(\\d{2})$`);

/** Reads tpEvento, key and nSeqEvento back from an infEvento Id (null when it is not one). */
export function lerIdEvento(id: string): { tipoEvento: string; chave: string; sequencia: number } | null {
  const m = ID_EVENTO.exec(id);
  return m ? { tipoEvento: m[1], chave: m[2], sequencia: Number(m[3]) } : null;
}

/**
 * The detEvento of one evento as a document of its own, for its type's schema (`esquemaDetalhe`): inside
 * the envelope it inherits the NF-e namespace (as the default one or under a prefix), so that namespace is
 * declared on it when it is not. Null when the evento has no detEvento.
 */
export function detalheComoDocumento(evento: string): string | null {
  const e = localizarElemento(evento, 'detEvento');
  if (!e) return null;
  const det = evento.slice(e.inicio, e.fim);
  const prefixo = e.nomeQualificado.includes(':') ? e.nomeQualificado.split(':')[0] : '';
  const declaracao = prefixo ? `xmlns:${prefixo}` : 'xmlns';
  const abertura = det.slice(0, det.indexOf('>'));
  if (new RegExp(`\\s${declaracao}\\s*=`).test(abertura)) return det;
  const inicio = `<${e.nomeQualificado}`;
  return `${inicio} ${declaracao}="${NAMESPACE_NFE}"${det.slice(inicio.length)}`;
}
