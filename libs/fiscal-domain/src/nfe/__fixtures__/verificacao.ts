/** Independent checks of our signatures: xml-crypto's verifier, and xmlsec1 when installed. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** Verifies every Signature of the document with xml-crypto; returns the problems found (empty = all valid). */
export function verificarComXmlCrypto(xml: string, certificadoPem: string): string[] {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const assinaturas = doc.getElementsByTagNameNS(DSIG, 'Signature');
  if (assinaturas.length === 0) return ['nenhuma assinatura no documento'];
  const problemas: string[] = [];
  for (let i = 0; i < assinaturas.length; i++) {
    const sig = new SignedXml({ publicCert: certificadoPem });
    sig.loadSignature(assinaturas[i] as unknown as Parameters<SignedXml['loadSignature']>[0]);
    try {
      if (!sig.checkSignature(xml)) problemas.push(`assinatura ${i} inválida`);
    } catch (e) {
      problemas.push(`assinatura ${i}: ${(e as Error).message}`);
    }
  }
  return problemas;
}

let xmlsec1Disponivel: boolean | undefined;
export function temXmlsec1(): boolean {
  if (xmlsec1Disponivel === undefined) xmlsec1Disponivel = spawnSync('xmlsec1', ['--version']).status === 0;
  return xmlsec1Disponivel;
}

/** `xmlsec1 --verify` with the certificate as trusted key; throws with xmlsec1's output when it fails. */
export function verificarComXmlsec1(xml: string, certificadoPem: string, tagAssinada: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'xmlsec-'));
  try {
    writeFileSync(join(dir, 'doc.xml'), xml);
    writeFileSync(join(dir, 'cert.pem'), certificadoPem);
    execFileSync('xmlsec1', ['--verify', '--pubkey-cert-pem', join(dir, 'cert.pem'), '--id-attr:Id', tagAssinada, join(dir, 'doc.xml')], {
      stdio: 'pipe',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
