import { DOMParser, type Element } from '@xmldom/xmldom';
import { chaveAcessoDaNota, montarXmlNfe, preencherNota } from '../nfe';
import { certificadoTeste } from '../nfe/__fixtures__/certificado-teste';
import { empresaExemplo, notaExemplo } from '../nfe/__fixtures__/exemplos';
import { temXmlsec1, verificarComXmlCrypto, verificarComXmlsec1 } from '../nfe/__fixtures__/verificacao';
import { assinarXml, lerDigestValue, obterChavePrivada, NAMESPACE_XMLDSIG } from './assinar-xml';

const cert = certificadoTeste();
const opcoes = { tagAssinada: 'infNFe' as const, chavePrivada: cert.chavePrivadaPem, certificadoDerBase64: cert.certificadoDerBase64 };
const comXmlsec1 = temXmlsec1() ? it : it.skip;

function nfe(itens = 3): string {
  const empresa = empresaExemplo();
  const { nota } = preencherNota(notaExemplo(itens), empresa, () => undefined);
  const dataEmissao = new Date('2026-11-22T17:05:09Z');
  const chaveAcesso = chaveAcessoDaNota({ empresa, serie: 1, numero: 42, dataEmissao, codigoNumerico: '20261122' });
  return montarXmlNfe({ empresa, nota, identificacao: { numero: 42, serie: 1, chaveAcesso, dataEmissao, ambiente: 2 } });
}

describe('assinarXml', () => {
  const xml = nfe();
  const assinado = assinarXml(xml, opcoes);

  it('produces a signature that xml-crypto verifies independently', () => {
    expect(verificarComXmlCrypto(assinado, cert.certificadoPem)).toEqual([]);
  });

  comXmlsec1('produces a signature that xmlsec1 verifies', () => {
    expect(() => verificarComXmlsec1(assinado, cert.certificadoPem, 'infNFe')).not.toThrow();
  });

  it('has the SEFAZ shape: default-namespace Signature after infNFe, C14N, RSA-SHA1, SHA-1, #Id, two transforms, the certificate', () => {
    const doc = new DOMParser().parseFromString(assinado, 'text/xml');
    const sig = doc.getElementsByTagNameNS(NAMESPACE_XMLDSIG, 'Signature')[0];
    expect(sig.prefix).toBeNull();
    expect(sig.parentNode?.nodeName).toBe('NFe');
    expect(sig.previousSibling?.nodeName).toBe('infNFe');
    const id = (sig.previousSibling as Element).getAttribute('Id');
    const algoritmos = (tag: string) =>
      Array.from(sig.getElementsByTagNameNS(NAMESPACE_XMLDSIG, tag)).map((e) => e.getAttribute('Algorithm'));
    expect(algoritmos('CanonicalizationMethod')).toEqual(['http://www.w3.org/TR/2001/REC-xml-c14n-20010315']);
    expect(algoritmos('SignatureMethod')).toEqual(['http://www.w3.org/2000/09/xmldsig#rsa-sha1']);
    expect(algoritmos('DigestMethod')).toEqual(['http://www.w3.org/2000/09/xmldsig#sha1']);
    expect(algoritmos('Transform')).toEqual([
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
    ]);
    expect(sig.getElementsByTagNameNS(NAMESPACE_XMLDSIG, 'Reference')[0].getAttribute('URI')).toBe(`#${id}`);
    expect(sig.getElementsByTagNameNS(NAMESPACE_XMLDSIG, 'X509Certificate')[0].textContent).toBe(cert.certificadoDerBase64);
    expect(assinado).not.toMatch(/<ds:/);
  });

  it('changes nothing else in the document: removing the Signature gives back the input', () => {
    expect(assinado.replace(/<Signature xmlns=.*<\/Signature>/, '')).toBe(xml);
    expect(lerDigestValue(assinado)).toMatch(/^[A-Za-z0-9+/]{27}=$/);
  });

  it('detects tampering', () => {
    const adulterado = assinado.replace('<vNF>', '<vNF>1');
    expect(verificarComXmlCrypto(adulterado, cert.certificadoPem)).not.toEqual([]);
  });

  comXmlsec1('xmlsec1 detects tampering too', () => {
    expect(() => verificarComXmlsec1(assinado.replace('<natOp>Venda', '<natOp>Compra'), cert.certificadoPem, 'infNFe')).toThrow();
  });

  it('accepts a KeyObject and caches parsed PEM keys', () => {
    const comObjeto = assinarXml(xml, { ...opcoes, chavePrivada: cert.chavePrivada });
    expect(comObjeto).toBe(assinado); // RSA PKCS#1 v1.5 is deterministic
    expect(obterChavePrivada(cert.chavePrivadaPem)).toBe(obterChavePrivada(cert.chavePrivadaPem));
  });

  it('refuses a document already signed, without the element, or without Id', () => {
    expect(() => assinarXml(assinado, opcoes)).toThrow('já está assinado');
    expect(() => assinarXml('<inutNFe><infInut Id="ID1"></infInut></inutNFe>', opcoes)).toThrow('<infNFe> não encontrado');
    expect(() => assinarXml('<NFe><infNFe versao="4.00"></infNFe></NFe>', opcoes)).toThrow('sem atributo Id');
    expect(() => assinarXml(xml, { ...opcoes, certificadoDerBase64: 'não é base64' })).toThrow('base64');
  });

  it('signs input it did not build: unsorted single-quoted attributes, entities, self-closing tags, CDATA, comments, prefixes', () => {
    const estranho =
      `<?xml version="1.0" encoding="UTF-8"?>\r\n<NFe xmlns='http://www.portalfiscal.inf.br/nfe' xmlns:x="urn:extra">` +
      `<infNFe versao='4.00' Id='NFe1'  ><a x:b="1" a='&lt;&amp;&quot;'/><!-- nota --><c><![CDATA[5 > 3 & 2 < 4]]></c>` +
      `<d>&#233;&#x41;\r\nlinha</d><x:e xmlns="">sem ns</x:e></infNFe></NFe>`;
    const s = assinarXml(estranho, opcoes);
    expect(verificarComXmlCrypto(s, cert.certificadoPem)).toEqual([]);
    if (temXmlsec1()) expect(() => verificarComXmlsec1(s, cert.certificadoPem, 'infNFe')).not.toThrow();
  });

  it('signs every event of an envEvento', () => {
    const ev = (n: number) =>
      `<evento versao="1.00"><infEvento Id="ID11011135261111222333000181550010000000421202611220${n}"><tpEvento>110111</tpEvento></infEvento></evento>`;
    const env = `<envEvento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><idLote>1</idLote>${ev(1)}${ev(2)}</envEvento>`;
    const s = assinarXml(env, { ...opcoes, tagAssinada: 'infEvento' });
    expect(s.match(/<Signature /g)).toHaveLength(2);
    expect(verificarComXmlCrypto(s, cert.certificadoPem)).toEqual([]);
  });
});
