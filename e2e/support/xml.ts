/** Independent checks of XML we hand out: signature with xml-crypto (not our signer), schema with our validator. */
import { DOMParser } from '@xmldom/xmldom';
import type { DocumentoXsd, ValidadorXsd } from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import { SignedXml } from 'xml-crypto';

/** Verifies every enveloped signature in `xml` with the certificate carried in its own KeyInfo. */
export function assinaturasValidas(xml: string): { total: number; erros: string[] } {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const assinaturas = Array.from(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'));
  const erros: string[] = [];
  for (const assinatura of assinaturas) {
    const certificado = assinatura.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'X509Certificate')[0]?.textContent ?? '';
    const pem = `-----BEGIN CERTIFICATE-----\n${certificado
      .replace(/\s/g, '')
      .match(/.{1,64}/g)
      ?.join('\n')}\n-----END CERTIFICATE-----\n`;
    const verificador = new SignedXml({ publicCert: pem, getCertFromKeyInfo: () => null });
    verificador.loadSignature(assinatura as unknown as Parameters<SignedXml['loadSignature']>[0]);
    try {
      if (!verificador.checkSignature(xml)) erros.push('assinatura não confere');
    } catch (e) {
      erros.push((e as Error).message);
    }
  }
  return { total: assinaturas.length, erros };
}

let validador: ValidadorXsd | undefined;
export async function errosXsd(documento: DocumentoXsd, xml: string): Promise<string[]> {
  validador ??= criarValidadorXsd(carregarEsquemasNfe());
  const r = await validador.validar(documento, xml);
  return r.erros.map((e) => e.mensagem);
}
