import { NAMESPACE_NFE, VERSAO_NFE, type AmbienteSefaz } from '../nfe/tipos';
import { comNamespacePadrao, escaparXml, extrairElemento, extrairElementos, semDeclaracao, textoElemento } from './xml-texto';

/**
 * The messages of the NF-e web services (MOC 7.0, layout 4.00), both ways: requests the adapter
 * sends and the simulator reads; answers the simulator builds and the adapter parses into typed
 * results. Element order follows the XSDs (leiauteNFe, leiauteConsSitNFe, leiauteConsStatServ,
 * leiauteEvento, leiauteInutNFe).
 */
export const VERSAO_EVENTOS = '1.00';
type Ambiente = AmbienteSefaz;

const t = (nome: string, valor: string | number | undefined | null) =>
  valor === undefined || valor === null || valor === '' ? '' : `<${nome}>${escaparXml(String(valor))}</${nome}>`;

// ---------------------------------------------------------------- requests

/** The MOC's limit of notes in one enviNFe. */
export const MAXIMO_NFE_ENVI = 50;

/** `enviNFe`: 1 to 50 signed NFe; indSinc 1 (synchronous, one note) or 0 (asynchronous batch). */
export function montarEnviNFe(o: { idLote: string; sincrono: boolean; nfes: string[] }): string {
  if (!/^\d{1,15}$/.test(o.idLote)) throw new Error('idLote deve ter de 1 a 15 dígitos');
  if (o.nfes.length < 1 || o.nfes.length > MAXIMO_NFE_ENVI) throw new Error(`Um lote tem de 1 a ${MAXIMO_NFE_ENVI} NF-e`);
  if (o.sincrono && o.nfes.length !== 1) throw new Error('O envio síncrono leva uma única NF-e');
  return (
    `<enviNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('idLote', o.idLote)}${t('indSinc', o.sincrono ? 1 : 0)}` +
    o.nfes.map((n) => semDeclaracao(n)).join('') +
    `</enviNFe>`
  );
}

/** The MOC's limit for an NFeAutorizacao4 message: the enviNFe with its notes. */
export const TAMANHO_MAXIMO_ENVI_NFE = 500 * 1024;
/** Bytes of the enviNFe around its notes. */
export const TAMANHO_ENVELOPE_ENVI_NFE =
  Buffer.byteLength(montarEnviNFe({ idLote: '999999999999999', sincrono: false, nfes: ['<NFe/>'] })) - '<NFe/>'.length;

/** Whether a signed NF-e fits in an enviNFe of its own (a larger one is refused by SEFAZ, cStat 214). */
export function cabeNoEnviNFe(nfeAssinada: string): boolean {
  return Buffer.byteLength(semDeclaracao(nfeAssinada), 'utf8') + TAMANHO_ENVELOPE_ENVI_NFE <= TAMANHO_MAXIMO_ENVI_NFE;
}

export function montarConsReciNFe(o: { ambiente: Ambiente; recibo: string }): string {
  return `<consReciNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', o.ambiente)}${t('nRec', o.recibo)}</consReciNFe>`;
}

export function montarConsSitNFe(o: { ambiente: Ambiente; chave: string }): string {
  return `<consSitNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', o.ambiente)}<xServ>CONSULTAR</xServ>${t('chNFe', o.chave)}</consSitNFe>`;
}

export function montarConsStatServ(o: { ambiente: Ambiente; cUF: string }): string {
  return `<consStatServ xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', o.ambiente)}${t('cUF', o.cUF)}<xServ>STATUS</xServ></consStatServ>`;
}

/** `envEvento` around signed `<evento>` elements (up to 20). */
export function montarEnvEvento(o: { idLote: string; eventos: string[] }): string {
  if (!/^\d{1,15}$/.test(o.idLote)) throw new Error('idLote deve ter de 1 a 15 dígitos');
  if (o.eventos.length < 1 || o.eventos.length > 20) throw new Error('Um lote tem de 1 a 20 eventos');
  return `<envEvento xmlns="${NAMESPACE_NFE}" versao="${VERSAO_EVENTOS}">${t('idLote', o.idLote)}${o.eventos.map((e) => semDeclaracao(e)).join('')}</envEvento>`;
}

/**
 * The signed `<evento>` element of a document that may be the evento itself or a whole envEvento
 * (as montarXmlEventoCancelamento builds it).
 */
export function eventoDoDocumento(xml: string): string {
  const evento = extrairElemento(xml, 'evento');
  if (!evento) throw new Error('Documento sem <evento>');
  return evento;
}

// ---------------------------------------------------------------- answers: common

export class ErroRespostaSefaz extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'ErroRespostaSefaz';
  }
}

/** The root element of an answer and its (first) cStat; throws when either is missing. */
function exigir(xml: string, raiz: string): { r: string; cStat: string } {
  const r = extrairElemento(xml, raiz);
  if (!r) throw new ErroRespostaSefaz(`Resposta sem <${raiz}>`);
  const cStat = textoElemento(r, 'cStat');
  if (!cStat || !/^\d{3,4}$/.test(cStat)) throw new ErroRespostaSefaz(`<${raiz}> sem cStat válido`);
  return { r, cStat };
}

const opcional = (xml: string, nome: string) => textoElemento(xml, nome) ?? undefined;
const ambienteDe = (xml: string): Ambiente | undefined => {
  const v = textoElemento(xml, 'tpAmb');
  return v === '1' || v === '2' ? (Number(v) as Ambiente) : undefined;
};

/** A note's protocol (protNFe/infProt), with the element itself standing alone (namespace written on it). */
export interface ProtocoloNfe {
  chave: string;
  cStat: string;
  xMotivo: string;
  ambiente?: Ambiente;
  protocolo?: string;
  dataRecebimento?: string;
  digestValue?: string;
  xml: string;
}

export function lerProtNfe(protNfe: string): ProtocoloNfe {
  const inf = extrairElemento(protNfe, 'infProt');
  if (!inf) throw new ErroRespostaSefaz('protNFe sem infProt');
  const chave = textoElemento(inf, 'chNFe');
  const cStat = textoElemento(inf, 'cStat');
  if (!chave || !cStat) throw new ErroRespostaSefaz('protNFe sem chNFe ou cStat');
  return {
    chave,
    cStat,
    xMotivo: textoElemento(inf, 'xMotivo') ?? '',
    ambiente: ambienteDe(inf),
    protocolo: opcional(inf, 'nProt'),
    dataRecebimento: opcional(inf, 'dhRecbto'),
    digestValue: opcional(inf, 'digVal'),
    xml: comNamespacePadrao(protNfe, NAMESPACE_NFE),
  };
}

// ---------------------------------------------------------------- retEnviNFe (NFeAutorizacao4)

export interface RetornoAutorizacao {
  ambiente?: Ambiente;
  cStat: string;
  xMotivo: string;
  cUF?: string;
  dataRecebimento?: string;
  /** Asynchronous processing (cStat 103): the receipt to poll and the average time in seconds. */
  recibo?: { numero: string; tempoMedioSegundos: number };
  /** Synchronous processing (cStat 104): the note's protocol. */
  protocolos: ProtocoloNfe[];
}

export function lerRetEnviNFe(xml: string): RetornoAutorizacao {
  const { r, cStat } = exigir(xml, 'retEnviNFe');
  const infRec = extrairElemento(r, 'infRec');
  const nRec = infRec ? textoElemento(infRec, 'nRec') : null;
  return {
    ambiente: ambienteDe(r),
    cStat,
    xMotivo: textoElemento(r, 'xMotivo') ?? '',
    cUF: opcional(r, 'cUF'),
    dataRecebimento: opcional(r, 'dhRecbto'),
    recibo: nRec ? { numero: nRec, tempoMedioSegundos: Number((infRec && textoElemento(infRec, 'tMed')) ?? '1') || 1 } : undefined,
    protocolos: extrairElementos(r, 'protNFe').map(lerProtNfe),
  };
}

export interface DadosRetEnviNFe {
  ambiente: Ambiente;
  versaoAplicativo: string;
  cStat: string;
  xMotivo: string;
  cUF: string;
  dataRecebimento: string;
  recibo?: { numero: string; tempoMedioSegundos: number };
  protNfe?: string;
}

export function montarRetEnviNFe(d: DadosRetEnviNFe): string {
  const resultado = d.recibo
    ? `<infRec>${t('nRec', d.recibo.numero)}${t('tMed', d.recibo.tempoMedioSegundos)}</infRec>`
    : d.protNfe
      ? semDeclaracao(d.protNfe)
      : '';
  return (
    `<retEnviNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('cUF', d.cUF)}${t('dhRecbto', d.dataRecebimento)}${resultado}</retEnviNFe>`
  );
}

// ---------------------------------------------------------------- retConsReciNFe (NFeRetAutorizacao4)

export interface RetornoConsultaRecibo {
  ambiente?: Ambiente;
  recibo?: string;
  cStat: string;
  xMotivo: string;
  cUF?: string;
  dataRecebimento?: string;
  protocolos: ProtocoloNfe[];
}

export function lerRetConsReciNFe(xml: string): RetornoConsultaRecibo {
  const { r, cStat } = exigir(xml, 'retConsReciNFe');
  return {
    ambiente: ambienteDe(r),
    recibo: opcional(r, 'nRec'),
    cStat,
    xMotivo: textoElemento(r, 'xMotivo') ?? '',
    cUF: opcional(r, 'cUF'),
    dataRecebimento: opcional(r, 'dhRecbto'),
    protocolos: extrairElementos(r, 'protNFe').map(lerProtNfe),
  };
}

export function montarRetConsReciNFe(d: Omit<DadosRetEnviNFe, 'recibo' | 'protNfe'> & { recibo: string; protNfes: string[] }): string {
  return (
    `<retConsReciNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}${t('nRec', d.recibo)}` +
    `${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('cUF', d.cUF)}${t('dhRecbto', d.dataRecebimento)}` +
    d.protNfes.map((p) => semDeclaracao(p)).join('') +
    `</retConsReciNFe>`
  );
}

// ---------------------------------------------------------------- retConsSitNFe (NFeConsultaProtocolo4)

/** An event registered for the note (procEventoNFe in a consultation). */
export interface EventoRegistrado {
  tipoEvento?: string;
  sequencia?: number;
  cStat: string;
  xMotivo: string;
  protocolo?: string;
  dataRegistro?: string;
  /** The retEvento element (namespace written on it). */
  xmlRetorno: string;
}

export interface RetornoConsultaProtocolo {
  ambiente?: Ambiente;
  cStat: string;
  xMotivo: string;
  cUF?: string;
  chave?: string;
  dataRecebimento?: string;
  protocolo?: ProtocoloNfe;
  eventos: EventoRegistrado[];
}

export function lerRetConsSitNFe(xml: string): RetornoConsultaProtocolo {
  const { r, cStat } = exigir(xml, 'retConsSitNFe');
  // The note's own protNFe comes before any procEventoNFe: take it from the part before them.
  const inicioEventos = r.search(/<(?:[\w.-]+:)?procEventoNFe[\s>]/);
  const cabeca = inicioEventos >= 0 ? r.slice(0, inicioEventos) : r;
  const prot = extrairElemento(cabeca, 'protNFe');
  return {
    ambiente: ambienteDe(cabeca),
    cStat,
    xMotivo: textoElemento(cabeca, 'xMotivo') ?? '',
    cUF: opcional(cabeca, 'cUF'),
    chave: opcional(cabeca, 'chNFe'),
    dataRecebimento: opcional(cabeca, 'dhRecbto'),
    protocolo: prot ? lerProtNfe(prot) : undefined,
    eventos: extrairElementos(r, 'procEventoNFe').map((p) => lerRetEvento(extrairElemento(p, 'retEvento') ?? '')),
  };
}

export function montarRetConsSitNFe(
  d: Omit<DadosRetEnviNFe, 'recibo' | 'protNfe'> & { chave: string; protNfe?: string; procEventos?: string[] },
): string {
  return (
    `<retConsSitNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('cUF', d.cUF)}${t('dhRecbto', d.dataRecebimento)}${t('chNFe', d.chave)}` +
    (d.protNfe ? semDeclaracao(d.protNfe) : '') +
    (d.procEventos ?? []).map((p) => semDeclaracao(p)).join('') +
    `</retConsSitNFe>`
  );
}

// ---------------------------------------------------------------- retConsStatServ (NFeStatusServico4)

export interface RetornoStatusServico {
  ambiente?: Ambiente;
  cStat: string;
  xMotivo: string;
  cUF?: string;
  dataRecebimento?: string;
  tempoMedioSegundos?: number;
  dataRetorno?: string;
  observacao?: string;
}

export function lerRetConsStatServ(xml: string): RetornoStatusServico {
  const { r, cStat } = exigir(xml, 'retConsStatServ');
  const tMed = textoElemento(r, 'tMed');
  return {
    ambiente: ambienteDe(r),
    cStat,
    xMotivo: textoElemento(r, 'xMotivo') ?? '',
    cUF: opcional(r, 'cUF'),
    dataRecebimento: opcional(r, 'dhRecbto'),
    tempoMedioSegundos: tMed ? Number(tMed) : undefined,
    dataRetorno: opcional(r, 'dhRetorno'),
    observacao: opcional(r, 'xObs'),
  };
}

export function montarRetConsStatServ(d: Omit<DadosRetEnviNFe, 'recibo' | 'protNfe'> & { tempoMedioSegundos?: number }): string {
  return (
    `<retConsStatServ xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('cUF', d.cUF)}${t('dhRecbto', d.dataRecebimento)}${t('tMed', d.tempoMedioSegundos)}</retConsStatServ>`
  );
}

// ---------------------------------------------------------------- retEnvEvento (NFeRecepcaoEvento4)

export function lerRetEvento(retEvento: string): EventoRegistrado & { chave?: string } {
  const inf = extrairElemento(retEvento, 'infEvento');
  const cStat = inf ? textoElemento(inf, 'cStat') : null;
  if (!inf || !cStat) throw new ErroRespostaSefaz('retEvento sem infEvento/cStat');
  const seq = textoElemento(inf, 'nSeqEvento');
  return {
    chave: opcional(inf, 'chNFe'),
    tipoEvento: opcional(inf, 'tpEvento'),
    sequencia: seq ? Number(seq) : undefined,
    cStat,
    xMotivo: textoElemento(inf, 'xMotivo') ?? '',
    protocolo: opcional(inf, 'nProt'),
    dataRegistro: opcional(inf, 'dhRegEvento'),
    xmlRetorno: comNamespacePadrao(retEvento, NAMESPACE_NFE),
  };
}

export interface RetornoEnvioEvento {
  idLote?: string;
  ambiente?: Ambiente;
  cStat: string;
  xMotivo: string;
  eventos: (EventoRegistrado & { chave?: string })[];
}

export function lerRetEnvEvento(xml: string): RetornoEnvioEvento {
  const { r, cStat } = exigir(xml, 'retEnvEvento');
  const primeiro = r.search(/<(?:[\w.-]+:)?retEvento[\s>]/);
  const cabeca = primeiro >= 0 ? r.slice(0, primeiro) : r;
  return {
    idLote: opcional(cabeca, 'idLote'),
    ambiente: ambienteDe(cabeca),
    cStat,
    xMotivo: textoElemento(cabeca, 'xMotivo') ?? '',
    eventos: extrairElementos(r, 'retEvento').map(lerRetEvento),
  };
}

export interface DadosRetEvento {
  ambiente: Ambiente;
  versaoAplicativo: string;
  cOrgao: string;
  cStat: string;
  xMotivo: string;
  chave?: string;
  tipoEvento?: string;
  descricaoEvento?: string;
  sequencia?: number;
  dataRegistro: string;
  protocolo?: string;
}

export function montarRetEvento(d: DadosRetEvento): string {
  return (
    `<retEvento xmlns="${NAMESPACE_NFE}" versao="${VERSAO_EVENTOS}"><infEvento>${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cOrgao', d.cOrgao)}${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('chNFe', d.chave)}${t('tpEvento', d.tipoEvento)}` +
    `${t('xEvento', d.descricaoEvento)}${t('nSeqEvento', d.sequencia)}${t('dhRegEvento', d.dataRegistro)}${t('nProt', d.protocolo)}</infEvento></retEvento>`
  );
}

export function montarRetEnvEvento(d: {
  idLote: string;
  ambiente: Ambiente;
  versaoAplicativo: string;
  cOrgao: string;
  cStat: string;
  xMotivo: string;
  retEventos: string[];
}): string {
  return (
    `<retEnvEvento xmlns="${NAMESPACE_NFE}" versao="${VERSAO_EVENTOS}">${t('idLote', d.idLote)}${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cOrgao', d.cOrgao)}${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${d.retEventos.map((r) => semDeclaracao(r)).join('')}</retEnvEvento>`
  );
}

/** `procEventoNFe`: the signed evento and SEFAZ's retEvento (distribution form of an event). */
export function montarProcEventoNFe(evento: string, retEvento: string): string {
  return `<procEventoNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_EVENTOS}">${semDeclaracao(evento)}${semDeclaracao(retEvento)}</procEventoNFe>`;
}

// ---------------------------------------------------------------- retInutNFe (NFeInutilizacao4)

export interface RetornoInutilizacao {
  ambiente?: Ambiente;
  cStat: string;
  xMotivo: string;
  cUF?: string;
  protocolo?: string;
  dataRecebimento?: string;
  /** The retInutNFe element (namespace written on it). */
  xml: string;
}

export function lerRetInutNFe(xml: string): RetornoInutilizacao {
  const { r, cStat } = exigir(xml, 'retInutNFe');
  return {
    ambiente: ambienteDe(r),
    cStat,
    xMotivo: textoElemento(r, 'xMotivo') ?? '',
    cUF: opcional(r, 'cUF'),
    protocolo: opcional(r, 'nProt'),
    dataRecebimento: opcional(r, 'dhRecbto'),
    xml: comNamespacePadrao(r, NAMESPACE_NFE),
  };
}

/**
 * The invalidation's distribution document: the signed inutNFe and SEFAZ's retInutNFe side by side, both
 * as they are (only their XML declarations dropped, so the signature keeps verifying). The root is
 * `ProcInutNFe`, as procInutNFe_v4.00.xsd (PL_010 v1.30) declares it. Only a homologated answer (102,
 * with its protocol) makes the document the issuer keeps; anything else is refused.
 */
export function montarProcInutNFe(inutNFeAssinado: string, retInutNFe: string): string {
  const pedido = semDeclaracao(inutNFeAssinado);
  if (!pedido.startsWith('<inutNFe')) throw new Error('ProcInutNFe: o primeiro documento deve ser o inutNFe assinado');
  const retorno = lerRetInutNFe(retInutNFe);
  if (retorno.cStat !== '102' || !retorno.protocolo) throw new Error(`ProcInutNFe: retInutNFe sem homologação (cStat ${retorno.cStat})`);
  return `<?xml version="1.0" encoding="UTF-8"?><ProcInutNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}">${pedido}${semDeclaracao(retInutNFe)}</ProcInutNFe>`;
}

export function montarRetInutNFe(d: {
  ambiente: Ambiente;
  versaoAplicativo: string;
  cStat: string;
  xMotivo: string;
  cUF: string;
  ano?: string;
  cnpj?: string;
  modelo?: string;
  serie?: number;
  numeroInicial?: number;
  numeroFinal?: number;
  dataRecebimento: string;
  protocolo?: string;
}): string {
  return (
    `<retInutNFe xmlns="${NAMESPACE_NFE}" versao="${VERSAO_NFE}"><infInut>${t('tpAmb', d.ambiente)}${t('verAplic', d.versaoAplicativo)}` +
    `${t('cStat', d.cStat)}${t('xMotivo', d.xMotivo)}${t('cUF', d.cUF)}${t('ano', d.ano)}${t('CNPJ', d.cnpj)}${t('mod', d.modelo)}` +
    `${t('serie', d.serie)}${t('nNFIni', d.numeroInicial)}${t('nNFFin', d.numeroFinal)}${t('dhRecbto', d.dataRecebimento)}${t('nProt', d.protocolo)}</infInut></retInutNFe>`
  );
}
