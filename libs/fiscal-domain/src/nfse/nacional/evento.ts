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

/** The cancellation reason as xMotivo takes it (TSMotivo), [] when it fits. */
export function errosMotivoCancelamento(motivo: string): string[] {
  const n = [...motivo.trim()].length;
  return n < TAMANHO_MOTIVO_CANCELAMENTO.minimo || n > TAMANHO_MOTIVO_CANCELAMENTO.maximo
    ? [
        `motivo_cancelamento deve ter de ${TAMANHO_MOTIVO_CANCELAMENTO.minimo} a ${TAMANHO_MOTIVO_CANCELAMENTO.maximo} caracteres no Sistema Nacional (xMotivo)`,
      ]
    : [];
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
    `<xMotivo>${escaparXml(p.motivo.trim())}</xMotivo></e${EVENTO_CANCELAMENTO.codigo}>` +
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
