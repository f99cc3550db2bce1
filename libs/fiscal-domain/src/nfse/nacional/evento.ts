import { escaparXml } from '../../sefaz/xml-texto';
import { normalizarDocumento } from '../../identificadores';
import {
  type AmbienteNacional,
  EVENTO_CANCELAMENTO,
  MOTIVO_CANCELAMENTO_OUTROS,
  NAMESPACE_NFSE_NACIONAL,
  TAMANHO_MOTIVO_CANCELAMENTO,
  VERSAO_APLICATIVO_NACIONAL,
  VERSAO_LEIAUTE_NACIONAL,
} from './constantes';
import { idPedidoEvento } from './identificadores';
import { paraTSString } from './texto';

/**
 * The cancellation reason as the event's xMotivo (TSMotivo: TSString, U+0020..U+00FF without tabs or line
 * breaks, 15..255 characters): blanks collapsed to one space, typographic dashes and quotes and letters
 * with marks outside Latin-1 written plainly, and when shorter than the layout's minimum (the API takes any
 * non-empty reason, spec: "min length 1") followed by what the request is, so the client's own words still
 * come first (and the test value REJEITAR still starts it). What is still outside Latin-1 (an emoji) stays,
 * for errosMotivoCancelamento to refuse.
 */
export const COMPLEMENTO_MOTIVO_CURTO = 'cancelamento solicitado pelo prestador';
export function xMotivoCancelamento(motivo: string): string {
  const m = paraTSString(motivo);
  if ([...m].length >= TAMANHO_MOTIVO_CANCELAMENTO.minimo) return m;
  return m ? `${m} - ${COMPLEMENTO_MOTIVO_CURTO}` : `${COMPLEMENTO_MOTIVO_CURTO[0].toUpperCase()}${COMPLEMENTO_MOTIVO_CURTO.slice(1)}`;
}

/** What keeps the reason from being an xMotivo (over 255 characters, characters outside Latin-1), [] when it fits. */
export function errosMotivoCancelamento(motivo: string): string[] {
  const x = xMotivoCancelamento(motivo);
  const erros: string[] = [];
  if ([...x].length > TAMANHO_MOTIVO_CANCELAMENTO.maximo)
    erros.push(`motivo_cancelamento deve ter até ${TAMANHO_MOTIVO_CANCELAMENTO.maximo} caracteres no Sistema Nacional (xMotivo)`);
  const fora = [...new Set(x.match(/[^\u0020-\u00FF]/gu) ?? [])];
  if (fora.length)
    erros.push(`motivo_cancelamento tem caracteres que o xMotivo do Sistema Nacional não aceita (fora do Latin-1): ${fora.join(' ')}`);
  return erros;
}

/**
 * The cancellation request (pedRegEvento, TCPedRegEvt with e101101), unsigned: sign `infPedReg`.
 * Its Id is the note's key and the event's code: one cancellation per note, a retry sends the same
 * request again. (No nPedRegEvento since the schemas of the end of 2025: esquemas.ts.)
 */
export function montarPedidoCancelamento(p: {
  ambiente: AmbienteNacional;
  dataHora: string;
  documentoAutor: string;
  chaveAcesso: string;
  motivo: string;
  codigoMotivo?: string;
}): {
  id: string;
  xml: string;
} {
  const id = idPedidoEvento(p.chaveAcesso, EVENTO_CANCELAMENTO.codigo);
  const doc = normalizarDocumento(p.documentoAutor);
  const autor = doc.length === 11 ? `<CPFAutor>${doc}</CPFAutor>` : `<CNPJAutor>${doc}</CNPJAutor>`;
  const xml =
    `<pedRegEvento xmlns="${NAMESPACE_NFSE_NACIONAL}" versao="${VERSAO_LEIAUTE_NACIONAL}"><infPedReg Id="${id}">` +
    `<tpAmb>${p.ambiente}</tpAmb><verAplic>${VERSAO_APLICATIVO_NACIONAL}</verAplic><dhEvento>${p.dataHora}</dhEvento>${autor}` +
    `<chNFSe>${p.chaveAcesso}</chNFSe>` +
    `<e${EVENTO_CANCELAMENTO.codigo}><xDesc>${EVENTO_CANCELAMENTO.descricao}</xDesc><cMotivo>${p.codigoMotivo ?? MOTIVO_CANCELAMENTO_OUTROS}</cMotivo>` +
    `<xMotivo>${escaparXml(xMotivoCancelamento(p.motivo))}</xMotivo></e${EVENTO_CANCELAMENTO.codigo}>` +
    '</infPedReg></pedRegEvento>';
  return { id, xml };
}

/** The authority's record of an event (TCEvento), unsigned: sign `infEvento`. `pedidoXml` is the signed pedRegEvento as received. */
export function montarEventoNacional(p: {
  chaveAcesso: string;
  codigoEvento: string;
  /** nSeqEvento: the event's number among those of its type for the note (1 for the cancellation). */
  numeroSequencial: number;
  dataProcessamento: string;
  numeroDfse: string;
  pedidoXml: string;
}): string {
  const id = `EVT${p.chaveAcesso}${p.codigoEvento}${String(p.numeroSequencial).padStart(3, '0')}`;
  return (
    `<evento xmlns="${NAMESPACE_NFSE_NACIONAL}" versao="${VERSAO_LEIAUTE_NACIONAL}"><infEvento Id="${id}">` +
    `<verAplic>${VERSAO_APLICATIVO_NACIONAL}</verAplic><ambGer>2</ambGer><nSeqEvento>${p.numeroSequencial}</nSeqEvento>` +
    `<dhProc>${p.dataProcessamento}</dhProc><nDFSe>${p.numeroDfse}</nDFSe>${p.pedidoXml.replace(/^<\?xml[^>]*\?>\s*/, '')}` +
    '</infEvento></evento>'
  );
}
