/** Throwaway CA, server and client certificates for the transport tests (keys from node:crypto, X.509 by node-forge). */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

export interface Par {
  certificadoPem: string;
  chavePem: string;
}

let serie = 1;

function emitir(
  cn: string,
  chaveEmissor: forge.pki.rsa.PrivateKey | null,
  emissor: forge.pki.Certificate | null,
  extensoes: object[],
): Par & { cert: forge.pki.Certificate; chave: forge.pki.rsa.PrivateKey } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const chavePem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const chave = forge.pki.privateKeyFromPem(chavePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(chave.n, chave.e);
  cert.serialNumber = String(serie++).padStart(2, '0');
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  cert.setSubject([{ name: 'commonName', value: cn }]);
  cert.setIssuer((emissor ?? cert).subject.attributes);
  cert.setExtensions(extensoes);
  cert.sign(chaveEmissor ?? chave, forge.md.sha256.create());
  return { cert, chave, certificadoPem: forge.pki.certificateToPem(cert), chavePem };
}

export function cadeiaTeste() {
  const ac = emitir('AC Transporte Teste', null, null, [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  const servidor = emitir('127.0.0.1', ac.chave, ac.cert, [
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
  ]);
  const cliente = emitir('EMPRESA TESTE:11222333000181', ac.chave, ac.cert, [{ name: 'extKeyUsage', clientAuth: true }]);
  const outraAc = emitir('Outra AC', null, null, [
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  return { ac, servidor, cliente, outraAc };
}
