import { normalizarTextoSefaz } from '../itens';
import { montarXmlEvento } from '../eventos/montar-evento';
import { TIPO_EVENTO_CANCELAMENTO } from '../eventos/tipos-evento';
import type { AmbienteSefaz } from './tipos';

export { TIPO_EVENTO_CANCELAMENTO, idEvento } from '../eventos/tipos-evento';
export { VERSAO_EVENTO } from '../eventos/montar-evento';

export interface DadosCancelamento {
  ambiente: AmbienteSefaz;
  chaveAcesso: string;
  cnpj: string;
  /** Authorization protocol of the note (15 or 17 digits). */
  protocoloAutorizacao: string;
  /** 15 to 255 characters. */
  justificativa: string;
  /** `2026-11-22T14:05:09-03:00`. */
  dataEvento: string;
  /** 1 (a note has one cancellation). */
  sequencia?: number;
  /** Batch id (up to 15 digits). */
  idLote: string;
}

/**
 * The envEvento of a cancellation (110111), unsigned; sign with tagAssinada 'infEvento'. The common
 * infEvento is the event pipeline's (montarXmlEvento); here only its detEvento.
 */
export function montarXmlEventoCancelamento(d: DadosCancelamento): string {
  if (!/^\d{15}$|^\d{17}$/.test(d.protocoloAutorizacao)) throw new Error('O protocolo de autorização deve ter 15 ou 17 dígitos');
  const justificativa = normalizarTextoSefaz(d.justificativa);
  if (justificativa.length < 15 || justificativa.length > 255) throw new Error('A justificativa deve ter de 15 a 255 caracteres');
  return montarXmlEvento(TIPO_EVENTO_CANCELAMENTO, { ...d, sequencia: d.sequencia ?? 1 }, (det) => {
    det.ele('nProt').txt(d.protocoloAutorizacao);
    det.ele('xJust').txt(justificativa);
  });
}
