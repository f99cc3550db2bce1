// PKCS#12 (RFC 7292) unpacking: verifies the MAC, decrypts the safes and returns the raw
// certificate DERs and PKCS#8 private keys. We walk the structure ourselves instead of using
// forge.pkcs12 because each scheme wants the password encoded differently:
//   - PKCS#12 PBE (3DES, RC2) and the MAC: BMPString (UTF-16BE + 00 00), per RFC 7292 B.1;
//   - PBES2/PBKDF2 (OpenSSL 3's default AES-256-CBC): the UTF-8 bytes, as OpenSSL does.
// forge uses one encoding for both, so a modern PFX with a non-ASCII password fails there.
// RC2 comes from forge because Node's OpenSSL 3 only has it in the (unloaded) legacy provider.
import { createDecipheriv, createHash, createHmac, pbkdf2Sync, timingSafeEqual } from 'node:crypto';
import * as forge from 'node-forge';
import {
  Asn1Invalido,
  No,
  bytes,
  ehContexto,
  exigir,
  exigirObjetoCompleto,
  explicito,
  inteiroPequeno,
  lerAsn1,
  octetos,
  oid,
  sequencia,
} from './asn1';

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  safeContentsBag: '1.2.840.113549.1.12.10.1.6',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
} as const;

/** PKCS#12 PBE schemes (RFC 7292 appendix C) we can decrypt. */
const PBE_PKCS12: Record<string, { cifra: 'des-ede3-cbc' | 'des-ede-cbc' | 'rc2'; bytesChave: number }> = {
  '1.2.840.113549.1.12.1.3': { cifra: 'des-ede3-cbc', bytesChave: 24 },
  '1.2.840.113549.1.12.1.4': { cifra: 'des-ede-cbc', bytesChave: 16 },
  '1.2.840.113549.1.12.1.5': { cifra: 'rc2', bytesChave: 16 },
  '1.2.840.113549.1.12.1.6': { cifra: 'rc2', bytesChave: 5 },
};

const CIFRAS_PBES2: Record<string, { nome: string; bytesChave: number; bytesIv: number }> = {
  '2.16.840.1.101.3.4.1.2': { nome: 'aes-128-cbc', bytesChave: 16, bytesIv: 16 },
  '2.16.840.1.101.3.4.1.22': { nome: 'aes-192-cbc', bytesChave: 24, bytesIv: 16 },
  '2.16.840.1.101.3.4.1.42': { nome: 'aes-256-cbc', bytesChave: 32, bytesIv: 16 },
  '1.2.840.113549.3.7': { nome: 'des-ede3-cbc', bytesChave: 24, bytesIv: 8 },
};

const PRF_PBKDF2: Record<string, string> = {
  '1.2.840.113549.2.7': 'sha1',
  '1.2.840.113549.2.8': 'sha224',
  '1.2.840.113549.2.9': 'sha256',
  '1.2.840.113549.2.10': 'sha384',
  '1.2.840.113549.2.11': 'sha512',
};

/** MAC digests with their block sizes (needed by the PKCS#12 KDF). */
const DIGESTS_MAC: Record<string, { nome: string; bloco: number }> = {
  '1.3.14.3.2.26': { nome: 'sha1', bloco: 64 },
  '2.16.840.1.101.3.4.2.4': { nome: 'sha224', bloco: 64 },
  '2.16.840.1.101.3.4.2.1': { nome: 'sha256', bloco: 64 },
  '2.16.840.1.101.3.4.2.2': { nome: 'sha384', bloco: 128 },
  '2.16.840.1.101.3.4.2.3': { nome: 'sha512', bloco: 128 },
};

/** Wrong password (or undecryptable content): the public layer turns it into 'senha_invalida'. */
export class SenhaIncorreta extends Error {
  constructor() {
    super('senha incorreta');
    this.name = 'SenhaIncorreta';
  }
}

export interface ConteudoPkcs12 {
  /** Certificates exactly as stored (DER). */
  certificados: Buffer[];
  /** PrivateKeyInfo (PKCS#8, unencrypted) DERs. */
  chaves: Buffer[];
}

/** Throws SenhaIncorreta or Asn1Invalido. */
export function abrirPkcs12(pfx: Buffer, senha: string): ConteudoPkcs12 {
  exigirObjetoCompleto(pfx);
  const raiz = sequencia(lerAsn1(pfx, true), 2);
  exigir(inteiroPequeno(raiz[0]) === 3, 'versão PFX diferente de 3');
  const authSafeInfo = sequencia(raiz[1], 1);
  exigir(oid(authSafeInfo[0]) === OID.data, 'PFX sem integridade por senha não é suportado');
  const authSafeDer = octetos(explicito(authSafeInfo[1], 0));

  // PKCS#12 distinguishes an empty password (BMP "00 00") from none; OpenSSL tries both.
  const candidatas: (string | null)[] = senha === '' ? ['', null] : [senha];
  let senhaUsada: string | null = candidatas[0];
  let macVerificado = false;
  if (raiz[2]) {
    const resultado = verificarMac(raiz[2], authSafeDer, candidatas);
    if (resultado === 'incorreta') throw new SenhaIncorreta();
    if (resultado !== 'nao_suportado') {
      senhaUsada = resultado.senha;
      macVerificado = true;
    }
  }

  const contexto = (s: string | null): Contexto => ({ senha: s, macVerificado });
  if (macVerificado) return lerAuthSafe(authSafeDer, contexto(senhaUsada));
  // Without a verifiable MAC, decryption is the only password check.
  for (const [i, s] of candidatas.entries()) {
    try {
      return lerAuthSafe(authSafeDer, contexto(s));
    } catch (erro) {
      if (!(erro instanceof SenhaIncorreta) || i === candidatas.length - 1) throw erro;
    }
  }
  throw new SenhaIncorreta();
}

interface Contexto {
  senha: string | null;
  /** When the MAC matched, a structural error in decrypted data is a broken file, not a wrong password. */
  macVerificado: boolean;
}

function lerAuthSafe(authSafeDer: Buffer, ctx: Contexto): ConteudoPkcs12 {
  const conteudo: ConteudoPkcs12 = { certificados: [], chaves: [] };
  for (const info of sequencia(lerAsn1(authSafeDer))) {
    const partes = sequencia(info, 1);
    const tipo = oid(partes[0]);
    if (tipo === OID.data) {
      lerSafeContents(octetos(explicito(partes[1], 0)), ctx, conteudo);
    } else if (tipo === OID.encryptedData) {
      const claro = decifrarEncryptedData(explicito(partes[1], 0), ctx.senha);
      decifrado(ctx, () => lerSafeContents(claro, ctx, conteudo));
    } else {
      // envelopedData (public-key privacy mode) is not used by A1 files.
      throw new Asn1Invalido('tipo de conteúdo PKCS#12 não suportado');
    }
  }
  return conteudo;
}

/**
 * Parses freshly decrypted bytes. With no MAC to vouch for the password, a wrong one can pass
 * the padding check (about 1 in 256) and leave garbage: report that as a wrong password.
 */
function decifrado<T>(ctx: Contexto, ler: () => T): T {
  try {
    return ler();
  } catch (erro) {
    if (erro instanceof Asn1Invalido && !ctx.macVerificado) throw new SenhaIncorreta();
    throw erro;
  }
}

type ResultadoMac = { senha: string | null } | 'incorreta' | 'nao_suportado';

function verificarMac(macDataNo: No, conteudo: Buffer, candidatas: (string | null)[]): ResultadoMac {
  const macData = sequencia(macDataNo, 2);
  const digestInfo = sequencia(macData[0], 2);
  const algoritmo = sequencia(digestInfo[0], 1);
  const digest = DIGESTS_MAC[oid(algoritmo[0])];
  // PBMAC1 (RFC 9579) and exotic digests: fall back to the decryption check.
  if (!digest) return 'nao_suportado';
  const esperado = octetos(digestInfo[1]);
  const sal = octetos(macData[1]);
  const iteracoes = macData[2] ? inteiroPequeno(macData[2]) : 1;
  exigir(iteracoes >= 1, 'iterações do MAC inválidas');
  const tamanho = createHash(digest.nome).digest().length;
  for (const senha of candidatas) {
    const chave = kdfPkcs12(senha, sal, 3, iteracoes, tamanho, digest.nome, digest.bloco);
    const calculado = createHmac(digest.nome, chave).update(conteudo).digest();
    if (calculado.length === esperado.length && timingSafeEqual(calculado, esperado)) return { senha };
  }
  return 'incorreta';
}

function lerSafeContents(der: Buffer, ctx: Contexto, saida: ConteudoPkcs12, profundidade = 0): void {
  exigir(profundidade < 4, 'SafeContents aninhados demais');
  for (const bagNo of sequencia(lerAsn1(der))) {
    const bag = sequencia(bagNo, 2);
    const tipo = oid(bag[0]);
    const valor = explicito(bag[1], 0);
    switch (tipo) {
      case OID.keyBag:
        saida.chaves.push(bytesDoNo(valor));
        break;
      case OID.pkcs8ShroudedKeyBag: {
        const epki = sequencia(valor, 2);
        const chave = decifrar(epki[0], octetos(epki[1]), ctx.senha);
        // PrivateKeyInfo ::= SEQUENCE { version, algorithm, privateKey, ... }
        decifrado(ctx, () => sequencia(lerAsn1(chave), 3));
        saida.chaves.push(chave);
        break;
      }
      case OID.certBag: {
        const certBag = sequencia(valor, 2);
        // sdsiCertificate and other types are ignored: A1 files only carry X.509.
        if (oid(certBag[0]) === OID.x509Certificate) saida.certificados.push(octetos(explicito(certBag[1], 0)));
        break;
      }
      case OID.safeContentsBag:
        lerSafeContents(bytesDoNo(valor), ctx, saida, profundidade + 1);
        break;
      default:
        // crlBag, secretBag: nothing we need.
        break;
    }
  }
}

function decifrarEncryptedData(no: No, senha: string | null): Buffer {
  const encryptedData = sequencia(no, 2);
  const info = sequencia(encryptedData[1], 2);
  exigir(oid(info[0]) === OID.data, 'EncryptedData com conteúdo inesperado');
  // encryptedContent is [0] IMPLICIT OCTET STRING: primitive or BER-chunked.
  exigir(ehContexto(info[2], 0), 'EncryptedData sem conteúdo');
  return decifrar(info[1], bytes(info[2]), senha);
}

function decifrar(algoritmoNo: No, cifrado: Buffer, senha: string | null): Buffer {
  const algoritmo = sequencia(algoritmoNo, 1);
  const id = oid(algoritmo[0]);
  const pkcs12 = PBE_PKCS12[id];
  if (pkcs12) {
    const parametros = sequencia(algoritmo[1], 2);
    const sal = octetos(parametros[0]);
    const iteracoes = inteiroPequeno(parametros[1]);
    exigir(iteracoes >= 1, 'iterações inválidas');
    const chave = kdfPkcs12(senha, sal, 1, iteracoes, pkcs12.bytesChave, 'sha1', 64);
    const iv = kdfPkcs12(senha, sal, 2, iteracoes, 8, 'sha1', 64);
    if (pkcs12.cifra === 'rc2') return decifrarRc2(chave, iv, cifrado);
    return decifrarNode(pkcs12.cifra, chave, iv, cifrado);
  }
  if (id === OID.pbes2) {
    const parametros = sequencia(algoritmo[1], 2);
    const kdf = sequencia(parametros[0], 2);
    exigir(oid(kdf[0]) === OID.pbkdf2, 'PBES2 com derivação de chave não suportada');
    const pbkdf2 = sequencia(kdf[1], 2);
    const esquema = sequencia(parametros[1], 2);
    const cifra = CIFRAS_PBES2[oid(esquema[0])];
    exigir(cifra, 'cifra PBES2 não suportada');
    const sal = octetos(pbkdf2[0]);
    const iteracoes = inteiroPequeno(pbkdf2[1]);
    exigir(iteracoes >= 1, 'iterações inválidas');
    // Optional fields after the count: keyLength INTEGER, then prf AlgorithmIdentifier.
    let prf = 'sha1';
    for (const opcional of pbkdf2.slice(2)) {
      if (opcional.type === forge.asn1.Type.SEQUENCE) {
        const nomePrf = PRF_PBKDF2[oid(sequencia(opcional, 1)[0])];
        exigir(nomePrf, 'PRF PBKDF2 não suportada');
        prf = nomePrf;
      }
    }
    const iv = octetos(esquema[1]);
    exigir(iv.length === cifra.bytesIv, 'IV com tamanho errado');
    const chave = pbkdf2Sync(Buffer.from(senha ?? '', 'utf8'), sal, iteracoes, cifra.bytesChave, prf);
    return decifrarNode(cifra.nome, chave, iv, cifrado);
  }
  throw new Asn1Invalido('algoritmo de cifra do PKCS#12 não suportado');
}

function decifrarNode(nome: string, chave: Buffer, iv: Buffer, cifrado: Buffer): Buffer {
  const decifrador = createDecipheriv(nome, chave, iv);
  const inicio = decifrador.update(cifrado);
  try {
    return Buffer.concat([inicio, decifrador.final()]);
  } catch {
    // Bad padding: the derived key is wrong.
    throw new SenhaIncorreta();
  }
}

function decifrarRc2(chave: Buffer, iv: Buffer, cifrado: Buffer): Buffer {
  const decifrador = forge.rc2.createDecryptionCipher(chave.toString('binary'), chave.length * 8);
  decifrador.start(iv.toString('binary'));
  decifrador.update(forge.util.createBuffer(cifrado.toString('binary')));
  if (!decifrador.finish()) throw new SenhaIncorreta();
  return Buffer.from(decifrador.output.getBytes(), 'binary');
}

/**
 * PKCS#12 key derivation (RFC 7292 appendix B.2). `id` 1 = key, 2 = IV, 3 = MAC key.
 * The password is BMPString with a two-byte terminator; null means no password at all.
 */
export function kdfPkcs12(
  senha: string | null,
  sal: Buffer,
  id: number,
  iteracoes: number,
  tamanho: number,
  digest: string,
  v: number,
): Buffer {
  const senhaBmp = senha === null ? Buffer.alloc(0) : Buffer.from(senha + '\0', 'utf16le').swap16();
  const repetir = (fonte: Buffer): Buffer => {
    if (fonte.length === 0) return fonte;
    const saida = Buffer.alloc(v * Math.ceil(fonte.length / v));
    for (let i = 0; i < saida.length; i++) saida[i] = fonte[i % fonte.length];
    return saida;
  };
  const d = Buffer.alloc(v, id);
  const entrada = Buffer.concat([repetir(sal), repetir(senhaBmp)]);
  const resultado: Buffer[] = [];
  let obtidos = 0;
  while (obtidos < tamanho) {
    let a = createHash(digest).update(d).update(entrada).digest();
    for (let r = 1; r < iteracoes; r++) a = createHash(digest).update(a).digest();
    resultado.push(a);
    obtidos += a.length;
    if (obtidos >= tamanho) break;
    // I_j = (I_j + B + 1) mod 2^(v*8) for every v-byte block, B = A repeated to v bytes.
    const b = repetir(a).subarray(0, v);
    for (let j = 0; j < entrada.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const soma = entrada[j + k] + b[k] + carry;
        entrada[j + k] = soma & 0xff;
        carry = soma >> 8;
      }
    }
  }
  return Buffer.concat(resultado).subarray(0, tamanho);
}

/** DER of a node we did not need to decode (keyBag's PrivateKeyInfo, nested SafeContents). */
function bytesDoNo(no: No): Buffer {
  return Buffer.from(forge.asn1.toDer(no).getBytes(), 'binary');
}
