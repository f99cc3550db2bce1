// Opens an A1 certificate (PKCS#12/PFX) into a CertificadoA1. Pure: bytes in, data out.
// Error messages never carry the password or key material.
import { KeyObject, X509Certificate, createPrivateKey } from 'node:crypto';
import { Asn1Invalido } from './asn1';
import { CertificadoA1, ErroCertificado } from './certificado-a1';
import { ConteudoPkcs12, SenhaIncorreta, abrirPkcs12 } from './pkcs12';
import { DadosX509, formatarNome, lerX509, titularECnpj } from './x509-icp-brasil';

/**
 * Reads a PFX: modern (PBES2/AES-256, OpenSSL 3 default), 3DES, and legacy RC2-40 files
 * that OpenSSL 3 refuses without its legacy provider. `pfx` may also hold the file as base64
 * text (as PFX files are often stored).
 *
 * Picks the certificate whose public key matches the private key (the latest-expiring one if
 * several do); the other certificates go to `cadeiaPem`, issuer of the leaf first.
 *
 * @throws ErroCertificado 'formato_invalido' | 'senha_invalida' | 'sem_chave_privada' | 'sem_certificado'
 */
export function lerCertificadoPfx(pfx: Buffer, senha: string): CertificadoA1 {
  const der = binarioDoPfx(pfx);
  let conteudo: ConteudoPkcs12;
  try {
    conteudo = abrirPkcs12(der, senha ?? '');
  } catch (erro) {
    if (erro instanceof SenhaIncorreta) throw new ErroCertificado('senha_invalida', 'Senha do certificado incorreta');
    throw new ErroCertificado('formato_invalido', 'O arquivo não é um certificado PKCS#12 (PFX) válido');
  }

  const certificados = conteudo.certificados.map(analisar);
  if (certificados.length === 0) throw new ErroCertificado('sem_certificado', 'O arquivo não contém certificado');
  if (conteudo.chaves.length === 0) throw new ErroCertificado('sem_chave_privada', 'O arquivo não contém a chave privada');

  const chaves = conteudo.chaves.map((pkcs8) => {
    try {
      return createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' });
    } catch {
      throw new ErroCertificado('formato_invalido', 'Chave privada ilegível no arquivo');
    }
  });

  const par = escolherPar(certificados, chaves);
  if (!par) throw new ErroCertificado('sem_certificado', 'Nenhum certificado do arquivo corresponde à chave privada');
  const { folha, chave } = par;
  const { dados } = folha;
  const { titular, cnpj } = titularECnpj(dados);

  return {
    titular,
    cnpj,
    validoDe: dados.validoDe,
    validoAte: dados.validoAte,
    numeroSerie: dados.numeroSerie,
    emissor: formatarNome(dados.emissor),
    certificadoPem: pem(folha.der, 'CERTIFICATE'),
    certificadoDerBase64: folha.der.toString('base64'),
    cadeiaPem: ordenarCadeia(
      folha,
      certificados.filter((c) => c !== folha),
    ).map((c) => pem(c.der, 'CERTIFICATE')),
    chavePrivadaPem: chave.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** CNPJ of a certificate (PEM text or DER): ICP-Brasil otherName 2.16.76.1.3.3, else the CN suffix. */
export function cnpjDoCertificado(certificado: string | Buffer): string | null {
  let der: Buffer;
  if (typeof certificado === 'string') {
    const corpo = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/.exec(certificado);
    der = Buffer.from((corpo ? corpo[1] : certificado).replace(/\s+/g, ''), 'base64');
  } else {
    der = certificado;
  }
  try {
    return titularECnpj(lerX509(der)).cnpj;
  } catch (erro) {
    if (erro instanceof Asn1Invalido) return null;
    throw erro;
  }
}

interface CertificadoLido {
  der: Buffer;
  /** null when Node cannot parse it: kept in the chain, never chosen as the leaf. */
  x509: X509Certificate | null;
  dados: DadosX509 | null;
}

function analisar(der: Buffer): CertificadoLido {
  try {
    return { der, x509: new X509Certificate(der), dados: lerX509(der) };
  } catch {
    return { der, x509: null, dados: null };
  }
}

function escolherPar(
  certificados: CertificadoLido[],
  chaves: KeyObject[],
): { folha: CertificadoLido & { dados: DadosX509 }; chave: KeyObject } | null {
  for (const chave of chaves) {
    const candidatos = certificados.filter(
      (c): c is CertificadoLido & { dados: DadosX509 } => !!c.x509 && !!c.dados && confere(c.x509, chave),
    );
    if (candidatos.length === 0) continue;
    // A renewed certificate may reuse the key: prefer the one that lasts longest.
    const folha = candidatos.reduce((a, b) => (b.dados.validoAte > a.dados.validoAte ? b : a));
    return { folha, chave };
  }
  return null;
}

function confere(x509: X509Certificate, chave: KeyObject): boolean {
  try {
    return x509.checkPrivateKey(chave);
  } catch {
    return false;
  }
}

/** Walks issuer links from the leaf upwards; whatever is not on that path follows in file order. */
function ordenarCadeia(folha: CertificadoLido, outros: CertificadoLido[]): CertificadoLido[] {
  const restantes = [...outros];
  const ordenados: CertificadoLido[] = [];
  let atual = folha;
  for (;;) {
    const atualX509 = atual.x509;
    if (!atualX509) break;
    const indice = restantes.findIndex((c) => c.x509 && emitidoPor(atualX509, c.x509));
    if (indice < 0) break;
    [atual] = restantes.splice(indice, 1);
    ordenados.push(atual);
  }
  return [...ordenados, ...restantes];
}

function emitidoPor(certificado: X509Certificate, emissor: X509Certificate): boolean {
  try {
    return certificado.checkIssued(emissor) && certificado.verify(emissor.publicKey);
  } catch {
    return false;
  }
}

/** DER as is; base64 text (with or without line breaks) decoded. */
function binarioDoPfx(pfx: Buffer): Buffer {
  if (!((pfx as unknown) instanceof Uint8Array)) {
    throw new ErroCertificado('formato_invalido', 'O certificado deve ser informado em bytes');
  }
  const buffer = Buffer.from(pfx);
  // DER starts with SEQUENCE (0x30) followed by a length byte that is never base64 text
  // for files this size; base64 of a PFX starts with "MII".
  const inicio = buffer.subarray(0, 64).toString('latin1');
  if (/^\s*MI[A-Za-z0-9+/]/.test(inicio)) {
    const textoBase64 = buffer.toString('latin1').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(textoBase64) || textoBase64.length % 4 !== 0) {
      throw new ErroCertificado('formato_invalido', 'Conteúdo base64 do certificado inválido');
    }
    return Buffer.from(textoBase64, 'base64');
  }
  return buffer;
}

function pem(der: Buffer, rotulo: string): string {
  const linhas = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${rotulo}-----\n${linhas.join('\n')}\n-----END ${rotulo}-----\n`;
}
