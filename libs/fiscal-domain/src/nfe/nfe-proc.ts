import { normalizarTextoSefaz } from '../itens';
import { ElementoXml } from './elemento-xml';
import { NAMESPACE_NFE, VERSAO_NFE, type AmbienteSefaz } from './tipos';

const DECLARACAO = /^\s*<\?xml[^?]*\?>\s*/;

/** A document's root element text without its XML declaration (signed content stays byte for byte). */
export function semDeclaracaoXml(xml: string): string {
  return xml.replace(DECLARACAO, '');
}

/** Authorization protocol, as SEFAZ returns it in protNFe/infProt. */
export interface DadosProtocolo {
  ambiente: AmbienteSefaz;
  versaoAplicativo: string;
  chaveAcesso: string;
  /** `2026-11-22T14:05:09-03:00`. */
  dataRecebimento: string;
  numeroProtocolo?: string;
  /** DigestValue of the note's signature (base64). */
  digestValue?: string;
  cStat: string;
  xMotivo: string;
}

/** `<protNFe versao="4.00">` for the given verdict (the SEFAZ simulator and tests build it this way). */
export function montarProtNfe(p: DadosProtocolo): string {
  // A plain element tree: the simulator answers one per note, and xmlbuilder2's DOM cost ~0.4 ms each.
  const prot = new ElementoXml('protNFe', { xmlns: NAMESPACE_NFE, versao: VERSAO_NFE });
  const inf = prot.ele('infProt');
  inf.ele('tpAmb').txt(String(p.ambiente));
  inf.ele('verAplic').txt(normalizarTextoSefaz(p.versaoAplicativo));
  inf.ele('chNFe').txt(p.chaveAcesso);
  inf.ele('dhRecbto').txt(p.dataRecebimento);
  if (p.numeroProtocolo) inf.ele('nProt').txt(p.numeroProtocolo);
  if (p.digestValue) inf.ele('digVal').txt(p.digestValue);
  inf.ele('cStat').txt(p.cStat);
  inf.ele('xMotivo').txt(normalizarTextoSefaz(p.xMotivo));
  return prot.paraTexto();
}

/** A protNFe as nfeProc takes it (no XML declaration); anything else is refused. */
export function protocoloParaNfeProc(protNfe: string): string {
  const prot = semDeclaracaoXml(protNfe);
  if (!prot.startsWith('<protNFe')) throw new Error('nfeProc: o segundo documento deve ser o protNFe');
  return prot;
}

/**
 * The distribution document `nfeProc` = signed NFe + protNFe. Both parts are inserted as they are
 * (only their XML declarations dropped), so the signature keeps verifying.
 */
export function montarNfeProc(nfeAssinada: string, protNfe: string): string {
  const nfe = semDeclaracaoXml(nfeAssinada);
  if (!nfe.startsWith('<NFe')) throw new Error('nfeProc: o primeiro documento deve ser o NFe assinado');
  const prot = protocoloParaNfeProc(protNfe);
  return `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${nfe}${prot}</nfeProc>`;
}
