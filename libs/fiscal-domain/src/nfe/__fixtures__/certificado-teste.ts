/**
 * Throwaway RSA key and self-signed certificate for tests and the benchmark (never a real A1).
 * The key comes from node:crypto (fast); node-forge only wraps it in an X.509 certificate.
 */
import { generateKeyPairSync, createPrivateKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

export interface CertificadoTeste {
  chavePrivadaPem: string;
  chavePrivada: KeyObject;
  certificadoPem: string;
  certificadoDerBase64: string;
}

let emCache: CertificadoTeste | undefined;

export function certificadoTeste(): CertificadoTeste {
  if (emCache) return emCache;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chavePrivadaPem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const chave = forge.pki.privateKeyFromPem(chavePrivadaPem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const nome = [
    { name: 'commonName', value: 'EMPRESA DE TESTE LTDA:11222333000181' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(nome);
  cert.setIssuer(nome);
  cert.sign(chave, forge.md.sha256.create());
  const certificadoPem = forge.pki.certificateToPem(cert);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  emCache = {
    chavePrivadaPem,
    chavePrivada: createPrivateKey(chavePrivadaPem),
    certificadoPem,
    certificadoDerBase64: forge.util.encode64(der),
  };
  return emCache;
}
