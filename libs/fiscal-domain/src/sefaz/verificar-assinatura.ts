import { createHash, type KeyObject, verify, X509Certificate } from 'node:crypto';
import {
  ALGORITMO_C14N,
  ALGORITMO_RSA_SHA1,
  ALGORITMO_SHA1,
  canonicalizarElemento,
  lerTagAbertura,
  namespacesEmEscopo,
  TRANSFORMACAO_ENVELOPADA,
} from '../assinatura';
import { localizarElemento, textoElemento } from './xml-texto';

/**
 * Verification of an enveloped XMLDSig the way SEFAZ checks it (the side of the authority, used by
 * the simulator): the profile of the MOC (C14N 1.0, RSA-SHA1, SHA-1, one Reference to `#Id`,
 * enveloped-signature + C14N transforms, X509Certificate in KeyInfo), the digest of the referenced
 * element, then the signature value over the canonical SignedInfo with the certificate's key.
 *
 * `motivo` maps to the SEFAZ codes: `padrao` 298 (signature not in the standard profile),
 * `certificado` 290 (unusable certificate), `digest`/`valor` 297 (signature differs from the one
 * calculated).
 */
export type ResultadoVerificacaoAssinatura =
  | { valida: true; certificado: X509Certificate; referencia: string }
  | { valida: false; motivo: 'padrao' | 'certificado' | 'digest' | 'valor'; detalhe: string };

const falhou = (motivo: 'padrao' | 'certificado' | 'digest' | 'valor', detalhe: string): ResultadoVerificacaoAssinatura => ({
  valida: false,
  motivo,
  detalhe,
});

/** Distinct signer certificates kept parsed (oldest forgotten first). */
const MAXIMO_CERTIFICADOS = 1000;
const certificadosEmCache = new Map<string, { certificado: X509Certificate; chave: KeyObject }>();

/**
 * The signer's certificate and RSA key from the base64 DER, parsed once: an issuer signs every
 * document with the same A1, and parsing costs more than the verification itself.
 */
function certificadoDoSignatario(der: string): { certificado: X509Certificate; chave: KeyObject } | ResultadoVerificacaoAssinatura {
  const conhecido = certificadosEmCache.get(der);
  if (conhecido) return conhecido;
  let certificado: X509Certificate;
  try {
    certificado = new X509Certificate(Buffer.from(der, 'base64'));
  } catch {
    return falhou('certificado', 'X509Certificate ilegível');
  }
  const chave = certificado.publicKey;
  if (chave.asymmetricKeyType !== 'rsa') return falhou('certificado', 'A chave do certificado não é RSA');
  if (certificadosEmCache.size >= MAXIMO_CERTIFICADOS) certificadosEmCache.delete(certificadosEmCache.keys().next().value as string);
  const entrada = { certificado, chave };
  certificadosEmCache.set(der, entrada);
  return entrada;
}

/**
 * Verifies the Signature that follows the `tagAssinada` element (infNFe, infInut, infEvento) in
 * `xml` (the document that holds it: an NFe, an inutNFe, an evento, or a message around them).
 * `desde` chooses which occurrence (the first at or after that index).
 */
export function verificarAssinaturaXml(xml: string, tagAssinada: string, desde = 0): ResultadoVerificacaoAssinatura {
  const assinado = localizarElemento(xml, tagAssinada, desde);
  if (!assinado) return falhou('padrao', `<${tagAssinada}> ausente`);
  const id = lerTagAbertura(xml, assinado.inicio).atributos.find(([n]) => n === 'Id')?.[1];
  if (!id) return falhou('padrao', `<${tagAssinada}> sem Id`);
  // The Signature is the signed element's next sibling (MOC 4.3): nothing but blanks in between.
  const sig = localizarElemento(xml, 'Signature', assinado.fim);
  if (!sig || xml.slice(assinado.fim, sig.inicio).trim() !== '') return falhou('padrao', 'Signature ausente após o elemento assinado');
  const assinatura = xml.slice(sig.inicio, sig.fim);
  const si = localizarElemento(xml, 'SignedInfo', sig.inicio);
  if (!si || si.fim > sig.fim) return falhou('padrao', 'SignedInfo ausente');
  const signedInfo = xml.slice(si.inicio, si.fim);

  const algoritmo = (nome: string) => {
    const e = localizarElemento(signedInfo, nome);
    return e ? lerTagAbertura(signedInfo, e.inicio).atributos.find(([n]) => n === 'Algorithm')?.[1] : undefined;
  };
  if (algoritmo('CanonicalizationMethod') !== ALGORITMO_C14N) return falhou('padrao', 'CanonicalizationMethod fora do padrão');
  if (algoritmo('SignatureMethod') !== ALGORITMO_RSA_SHA1) return falhou('padrao', 'SignatureMethod fora do padrão');
  if (algoritmo('DigestMethod') !== ALGORITMO_SHA1) return falhou('padrao', 'DigestMethod fora do padrão');
  const ref = localizarElemento(signedInfo, 'Reference');
  if (!ref || localizarElemento(signedInfo, 'Reference', ref.fim)) return falhou('padrao', 'Deve haver exatamente uma Reference');
  const uri = lerTagAbertura(signedInfo, ref.inicio).atributos.find(([n]) => n === 'URI')?.[1];
  if (uri !== `#${id}`) return falhou('padrao', `Reference URI "${uri ?? ''}" não aponta para #${id}`);
  const transformacoes = [
    ...signedInfo.slice(ref.inicio, ref.fim).matchAll(/<(?:[\w.-]+:)?Transform\s[^>]*Algorithm\s*=\s*"([^"]+)"/g),
  ].map((m) => m[1]);
  if (transformacoes.length !== 2 || transformacoes[0] !== TRANSFORMACAO_ENVELOPADA || transformacoes[1] !== ALGORITMO_C14N) {
    return falhou('padrao', 'Transforms fora do padrão');
  }

  const signatario = certificadoDoSignatario((textoElemento(assinatura, 'X509Certificate') ?? '').replace(/\s+/g, ''));
  if ('valida' in signatario) return signatario;
  const { certificado, chave } = signatario;

  let digestCalculado: string;
  let signedInfoCanonico: string;
  try {
    const escopoAssinado = namespacesEmEscopo(xml, assinado.inicio);
    digestCalculado = createHash('sha1')
      .update(canonicalizarElemento(xml, assinado.inicio, escopoAssinado).canonico, 'utf8')
      .digest('base64');
    // Only blanks lie between the signed element's end and the Signature, so the Signature has the
    // same ancestors: SignedInfo's scope is the signed element's plus what opens from Signature down
    // (no second scan of the whole signed element).
    const escopoSignedInfo = new Map(escopoAssinado);
    for (const [p, u] of namespacesEmEscopo(xml.slice(sig.inicio, si.inicio + 1), si.inicio - sig.inicio)) escopoSignedInfo.set(p, u);
    signedInfoCanonico = canonicalizarElemento(xml, si.inicio, escopoSignedInfo).canonico;
  } catch (erro) {
    return falhou('padrao', `Canonicalização: ${(erro as Error).message}`);
  }
  const digestInformado = (textoElemento(signedInfo, 'DigestValue') ?? '').replace(/\s+/g, '');
  if (digestInformado !== digestCalculado) return falhou('digest', 'DigestValue difere do calculado');
  const valor = Buffer.from((textoElemento(assinatura, 'SignatureValue') ?? '').replace(/\s+/g, ''), 'base64');
  if (!verify('sha1', Buffer.from(signedInfoCanonico, 'utf8'), chave, valor)) {
    return falhou('valor', 'SignatureValue não confere com o certificado');
  }
  return { valida: true, certificado, referencia: id };
}
