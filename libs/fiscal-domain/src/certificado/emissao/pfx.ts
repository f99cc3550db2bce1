// PKCS#12 writer (RFC 7292) producing the three kinds of A1 files met in the field:
//   'moderno'       - what OpenSSL 3 writes by default: PBES2/PBKDF2-HMAC-SHA256/AES-256-CBC for
//                     certificates and key, SHA-256 MAC;
//   'legado-rc2-40' - OpenSSL 1.x / old Windows and Java: certificates under
//                     pbeWithSHAAnd40BitRC2-CBC, key under pbeWithSHAAnd3-KeyTripleDES-CBC, SHA-1 MAC
//                     (OpenSSL 3 reads it only with -legacy);
//   '3des'          - both under pbeWithSHAAnd3-KeyTripleDES-CBC, SHA-1 MAC.
// forge.pkcs12.toPkcs12Asn1 cannot encrypt the certificate safe nor use RC2, so we assemble the
// structure ourselves; forge supplies only the PKCS#12 KDF and the RC2 cipher (Node's OpenSSL 3
// keeps RC2 in the legacy provider, which it does not load).
import { X509Certificate, createCipheriv, createHmac, createPrivateKey, pbkdf2Sync, randomBytes } from 'node:crypto';
import * as forge from 'node-forge';
import * as der from './der';

export type FormatoPfx = 'moderno' | 'legado-rc2-40' | '3des';

const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  certBag: '1.2.840.113549.1.12.10.1.3',
  x509Certificate: '1.2.840.113549.1.9.22.1',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
  pbeSha1TripleDes: '1.2.840.113549.1.12.1.3',
  pbeSha1Rc2_40: '1.2.840.113549.1.12.1.6',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacSha256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
  sha1: '1.3.14.3.2.26',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

/** OpenSSL's default iteration count. */
const ITERACOES_PADRAO = 2048;

export interface OpcoesPfx {
  /** Omit to produce a PFX without key (for testing error handling). */
  chavePrivadaPem?: string;
  /** Stored in this order; may be empty (for testing error handling). */
  certificadosPem: string[];
  senha: string;
  formato?: FormatoPfx;
  /** friendlyName of the key and its certificate, as Windows shows it. */
  nomeAmigavel?: string;
  iteracoes?: number;
  /** Leave out the MAC (as `openssl pkcs12 -nomac`): then only decryption reveals a wrong password. */
  semMac?: boolean;
}

type Cifra = 'pbes2-aes256' | 'pkcs12-3des' | 'pkcs12-rc2-40';

const ESQUEMAS: Record<FormatoPfx, { certificados: Cifra; chave: Cifra; mac: 'sha1' | 'sha256' }> = {
  moderno: { certificados: 'pbes2-aes256', chave: 'pbes2-aes256', mac: 'sha256' },
  'legado-rc2-40': { certificados: 'pkcs12-rc2-40', chave: 'pkcs12-3des', mac: 'sha1' },
  '3des': { certificados: 'pkcs12-3des', chave: 'pkcs12-3des', mac: 'sha1' },
};

export function montarPfx(opcoes: OpcoesPfx): Buffer {
  const esquema = ESQUEMAS[opcoes.formato ?? 'moderno'];
  const iteracoes = opcoes.iteracoes ?? ITERACOES_PADRAO;
  const { senha } = opcoes;

  const certificados = opcoes.certificadosPem.map((p) => new X509Certificate(p));
  const chave = opcoes.chavePrivadaPem ? createPrivateKey(opcoes.chavePrivadaPem) : undefined;
  // localKeyId ties the key to its certificate (Windows needs it to pair them on import).
  const idLocal = Buffer.from([0x01, 0x00, 0x00, 0x00]);
  const atributos = (comId: boolean): Buffer[] => [
    ...(comId ? [der.seq(der.oid(OID.localKeyId), der.set(der.octetos(idLocal)))] : []),
    ...(opcoes.nomeAmigavel ? [der.seq(der.oid(OID.friendlyName), der.set(der.bmp(opcoes.nomeAmigavel)))] : []),
  ];

  const bagsCertificados = certificados.map((c) => {
    const doPar = !!chave && c.checkPrivateKey(chave);
    const valor = der.seq(der.oid(OID.x509Certificate), der.explicito(0, der.octetos(c.raw)));
    return safeBag(OID.certBag, valor, doPar ? atributos(true) : []);
  });

  const conteudos: Buffer[] = [];
  if (bagsCertificados.length > 0) {
    const { algoritmo, cifrado } = cifrar(esquema.certificados, der.seq(...bagsCertificados), senha, iteracoes);
    const encryptedData = der.seq(der.inteiro(0), der.seq(der.oid(OID.data), algoritmo, der.implicitoPrimitivo(0, cifrado)));
    conteudos.push(der.seq(der.oid(OID.encryptedData), der.explicito(0, encryptedData)));
  }
  if (chave) {
    const pkcs8 = chave.export({ type: 'pkcs8', format: 'der' });
    const { algoritmo, cifrado } = cifrar(esquema.chave, pkcs8, senha, iteracoes);
    const epki = der.seq(algoritmo, der.octetos(cifrado));
    const bag = safeBag(OID.shroudedKeyBag, epki, atributos(true));
    conteudos.push(der.seq(der.oid(OID.data), der.explicito(0, der.octetos(der.seq(bag)))));
  }

  const authSafe = der.seq(...conteudos);
  const pfxSemMac = [der.inteiro(3), der.seq(der.oid(OID.data), der.explicito(0, der.octetos(authSafe)))];
  if (opcoes.semMac) return der.seq(...pfxSemMac);
  const salMac = randomBytes(8);
  const tamanhoMac = esquema.mac === 'sha256' ? 32 : 20;
  const chaveMac = kdfPkcs12(senha, salMac, 3, iteracoes, tamanhoMac, esquema.mac);
  const mac = createHmac(esquema.mac, chaveMac).update(authSafe).digest();
  const macData = der.seq(
    der.seq(der.algoritmo(esquema.mac === 'sha256' ? OID.sha256 : OID.sha1), der.octetos(mac)),
    der.octetos(salMac),
    der.inteiro(iteracoes),
  );
  return der.seq(...pfxSemMac, macData);
}

function safeBag(tipo: string, valor: Buffer, atributos: Buffer[]): Buffer {
  return atributos.length > 0
    ? der.seq(der.oid(tipo), der.explicito(0, valor), der.set(...atributos))
    : der.seq(der.oid(tipo), der.explicito(0, valor));
}

function cifrar(cifra: Cifra, claro: Buffer, senha: string, iteracoes: number): { algoritmo: Buffer; cifrado: Buffer } {
  const sal = randomBytes(8);
  if (cifra === 'pbes2-aes256') {
    // PBES2 takes the password as its UTF-8 bytes (as OpenSSL 3 does), not as BMPString.
    const iv = randomBytes(16);
    const chave = pbkdf2Sync(Buffer.from(senha, 'utf8'), sal, iteracoes, 32, 'sha256');
    const cifrador = createCipheriv('aes-256-cbc', chave, iv);
    const algoritmo = der.seq(
      der.oid(OID.pbes2),
      der.seq(
        der.seq(der.oid(OID.pbkdf2), der.seq(der.octetos(sal), der.inteiro(iteracoes), der.algoritmo(OID.hmacSha256))),
        der.seq(der.oid(OID.aes256Cbc), der.octetos(iv)),
      ),
    );
    return { algoritmo, cifrado: Buffer.concat([cifrador.update(claro), cifrador.final()]) };
  }
  const tripleDes = cifra === 'pkcs12-3des';
  const chave = kdfPkcs12(senha, sal, 1, iteracoes, tripleDes ? 24 : 5, 'sha1');
  const iv = kdfPkcs12(senha, sal, 2, iteracoes, 8, 'sha1');
  const algoritmo = der.seq(
    der.oid(tripleDes ? OID.pbeSha1TripleDes : OID.pbeSha1Rc2_40),
    der.seq(der.octetos(sal), der.inteiro(iteracoes)),
  );
  if (tripleDes) {
    const cifrador = createCipheriv('des-ede3-cbc', chave, iv);
    return { algoritmo, cifrado: Buffer.concat([cifrador.update(claro), cifrador.final()]) };
  }
  const rc2 = forge.rc2.createEncryptionCipher(chave.toString('binary'), 40);
  rc2.start(iv.toString('binary'));
  rc2.update(forge.util.createBuffer(claro.toString('binary')));
  rc2.finish(); // PKCS#7 padding
  return { algoritmo, cifrado: Buffer.from(rc2.output.getBytes(), 'binary') };
}

type GerarChavePkcs12 = (
  senha: string,
  sal: forge.util.ByteBuffer,
  id: number,
  iteracoes: number,
  n: number,
  md: forge.md.MessageDigest,
) => forge.util.ByteBuffer;

/** PKCS#12 KDF (RFC 7292 B.2) from forge; password as BMPString, as OpenSSL and Windows use. */
function kdfPkcs12(senha: string, sal: Buffer, id: number, iteracoes: number, n: number, digest: 'sha1' | 'sha256'): Buffer {
  const gerar = (forge as unknown as { pbe: { generatePkcs12Key: GerarChavePkcs12 } }).pbe.generatePkcs12Key;
  const md = digest === 'sha256' ? forge.md.sha256.create() : forge.md.sha1.create();
  const chave = gerar(senha, forge.util.createBuffer(sal.toString('binary')), id, iteracoes, n, md);
  return Buffer.from(chave.getBytes(), 'binary');
}
