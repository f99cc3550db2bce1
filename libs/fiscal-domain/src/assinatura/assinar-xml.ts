import { createHash, createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { canonicalizarElemento, lerTagAbertura, namespacesEmEscopo } from './c14n';

export const NAMESPACE_XMLDSIG = 'http://www.w3.org/2000/09/xmldsig#';
export const ALGORITMO_C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export const ALGORITMO_RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const ALGORITMO_SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';
export const TRANSFORMACAO_ENVELOPADA = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/**
 * The elements SEFAZ has signed: the note, the number-range invalidation and events; the ABRASF 2.04
 * NFS-e ones (RPS, batch, cancellation request); and the national NFS-e's (DPS, event request, and
 * the NFS-e the authority signs).
 */
export type TagAssinada =
  | 'infNFe'
  | 'infInut'
  | 'infEvento'
  | 'InfDeclaracaoPrestacaoServico'
  | 'LoteRps'
  | 'InfPedidoCancelamento'
  | 'infDPS'
  | 'infPedReg'
  | 'infNFSe';

export interface OpcoesAssinatura {
  tagAssinada: TagAssinada;
  /** Node KeyObject, or a PEM (PKCS#8 or PKCS#1) that is parsed once and cached. */
  chavePrivada: KeyObject | string;
  /** DER of the signing certificate in base64 (CertificadoA1.certificadoDerBase64). */
  certificadoDerBase64: string;
}

const CACHE_MAXIMO = 32;
const chavesEmCache = new Map<string, KeyObject>();

/** Parsing a PEM costs more than a signature: keep the KeyObject of recently used keys. */
export function obterChavePrivada(chave: KeyObject | string): KeyObject {
  if (typeof chave !== 'string') return chave;
  let objeto = chavesEmCache.get(chave);
  if (!objeto) {
    objeto = createPrivateKey(chave);
    if (chavesEmCache.size >= CACHE_MAXIMO) chavesEmCache.delete(chavesEmCache.keys().next().value as string);
    chavesEmCache.set(chave, objeto);
  }
  return objeto;
}

function signedInfo(id: string, digest: string): string {
  return (
    `<SignedInfo><CanonicalizationMethod Algorithm="${ALGORITMO_C14N}"></CanonicalizationMethod>` +
    `<SignatureMethod Algorithm="${ALGORITMO_RSA_SHA1}"></SignatureMethod>` +
    `<Reference URI="#${id}"><Transforms><Transform Algorithm="${TRANSFORMACAO_ENVELOPADA}"></Transform>` +
    `<Transform Algorithm="${ALGORITMO_C14N}"></Transform></Transforms>` +
    `<DigestMethod Algorithm="${ALGORITMO_SHA1}"></DigestMethod><DigestValue>${digest}</DigestValue></Reference></SignedInfo>`
  );
}

function localizarInicio(xml: string, tag: string, desde: number): number {
  const marcador = `<${tag}`;
  let i = xml.indexOf(marcador, desde);
  while (i >= 0) {
    const c = xml.charCodeAt(i + marcador.length);
    if (c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13) return i; // ' ' '>' '/' or other blanks
    i = xml.indexOf(marcador, i + 1);
  }
  return -1;
}

/**
 * Enveloped XMLDSig as SEFAZ requires, over every `tagAssinada` element of the document (one in an NFe
 * or inutNFe, one per evento in an envEvento): C14N 1.0, RSA-SHA1, SHA-1 digest, Reference `#Id`,
 * transforms enveloped-signature + C14N, X509Certificate in KeyInfo, `<Signature>` in the default
 * XMLDSig namespace without prefix, inserted as the next sibling of the signed element.
 *
 * The signed element is canonicalized straight from the string (no DOM), hashed, and the canonical
 * SignedInfo is signed with Node's crypto. Nothing else in the document is touched.
 */
export function assinarXml(xml: string, opcoes: OpcoesAssinatura): string {
  const chave = obterChavePrivada(opcoes.chavePrivada);
  const certificado = opcoes.certificadoDerBase64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(certificado)) throw new Error('certificadoDerBase64 não é base64');
  const saida: string[] = [];
  let copiado = 0;
  let procurarDesde = 0;
  let assinados = 0;
  for (;;) {
    const inicio = localizarInicio(xml, opcoes.tagAssinada, procurarDesde);
    if (inicio < 0) break;
    const tag = lerTagAbertura(xml, inicio);
    const id = tag.atributos.find(([n]) => n === 'Id')?.[1];
    if (!id) throw new Error(`<${opcoes.tagAssinada}> sem atributo Id`);
    const escopo = namespacesEmEscopo(xml, inicio);
    const { canonico, fim } = canonicalizarElemento(xml, inicio, escopo);
    if (xml.startsWith('<Signature', fim)) throw new Error(`<${opcoes.tagAssinada} Id="${id}"> já está assinado`);
    const digest = createHash('sha1').update(canonico, 'utf8').digest('base64');

    // Canonical SignedInfo: its in-scope namespaces are the XMLDSig default (from Signature) plus any
    // prefixed ones declared by the ancestors of the insertion point.
    const si = signedInfo(id, digest);
    let nsSi = ` xmlns="${NAMESPACE_XMLDSIG}"`;
    const prefixados = [...escopo].filter(([p, u]) => p !== '' && p !== 'xml' && u !== '').sort((a, b) => (a[0] < b[0] ? -1 : 1));
    for (const [p, u] of prefixados) nsSi += ` xmlns:${p}="${u}"`;
    const siCanonico = `<SignedInfo${nsSi}${si.slice('<SignedInfo'.length)}`;
    const valor = sign('sha1', Buffer.from(siCanonico, 'utf8'), chave).toString('base64');

    saida.push(
      xml.slice(copiado, fim),
      `<Signature xmlns="${NAMESPACE_XMLDSIG}">${si}<SignatureValue>${valor}</SignatureValue>` +
        `<KeyInfo><X509Data><X509Certificate>${certificado}</X509Certificate></X509Data></KeyInfo></Signature>`,
    );
    copiado = fim;
    procurarDesde = fim;
    assinados++;
  }
  if (assinados === 0) throw new Error(`Elemento <${opcoes.tagAssinada}> não encontrado no XML`);
  saida.push(xml.slice(copiado));
  return saida.join('');
}

/** The signature's DigestValue (protNFe/infProt/digVal carries it). */
export function lerDigestValue(xmlAssinado: string): string | null {
  const m = /<DigestValue>([^<]+)<\/DigestValue>/.exec(xmlAssinado);
  return m ? m[1] : null;
}
