/**
 * Independent checks of XML we hand out: signature with xml-crypto (not our signer), schema with our
 * validator; and the official tools (xmllint, xmlsec1) on NF-e documents.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** The official NF-e schemas the product vendors (PL_010 v1.30, as published by the SEFAZ portal). */
const ESQUEMAS_NFE = path.join(__dirname, '..', '..', 'libs', 'plataforma', 'src', 'esquemas', 'PL_010_V1.30');

/**
 * The independent tools on an NF-e family document we hand out: `xmllint --schema` with the official
 * root schema `esquema` (procNFe_v4.00.xsd, procCCeNFe_v1.00.xsd, procInutNFe_v4.00.xsd, …) and, when
 * `assinado` names the signed element (infNFe, infEvento, infInut), `xmlsec1 --verify` of its signature
 * with the certificate carried in the document's own KeyInfo. Throws with the tool's output when either fails.
 */
export function verificarNfeComFerramentasOficiais(xml: string, esquema: string, assinado?: string): void {
  const dir = mkdtempSync(path.join(tmpdir(), 'nfe-oficial-'));
  try {
    const arquivo = path.join(dir, 'documento.xml');
    writeFileSync(arquivo, xml);
    executar('xmllint', ['--noout', '--schema', path.join(ESQUEMAS_NFE, esquema), arquivo]);
    if (!assinado) return;
    const certificado = /<X509Certificate>([^<]+)<\/X509Certificate>/.exec(xml)?.[1] ?? '';
    const pem = path.join(dir, 'cert.pem');
    writeFileSync(pem, `-----BEGIN CERTIFICATE-----\n${certificado.match(/.{1,64}/g)?.join('\n')}\n-----END CERTIFICATE-----\n`);
    executar('xmlsec1', ['--verify', '--pubkey-cert-pem', pem, '--id-attr:Id', assinado, arquivo]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function executar(ferramenta: string, argumentos: string[]): void {
  try {
    execFileSync(ferramenta, argumentos, { stdio: 'pipe' });
  } catch (e) {
    throw new Error(`${ferramenta} recusou o documento: ${(e as { stderr?: Buffer }).stderr?.toString() ?? (e as Error).message}`);
  }
}
