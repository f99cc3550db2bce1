// X.509 v3 certificate assembly and signing (SHA-256 with RSA, signed by Node's crypto).
import { KeyObject, X509Certificate, createHash, createPrivateKey, randomBytes, sign } from 'node:crypto';
import * as der from './der';

export const OID = {
  sha256ComRsa: '1.2.840.113549.1.1.11',
  cn: '2.5.4.3',
  c: '2.5.4.6',
  l: '2.5.4.7',
  st: '2.5.4.8',
  o: '2.5.4.10',
  ou: '2.5.4.11',
  subjectKeyIdentifier: '2.5.29.14',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  basicConstraints: '2.5.29.19',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  serverAuth: '1.3.6.1.5.5.7.3.1',
  clientAuth: '1.3.6.1.5.5.7.3.2',
  emailProtection: '1.3.6.1.5.5.7.3.4',
} as const;

export type AtributoDn = [oid: string, valor: string];

/** RDN sequence in encoding order (C first, CN last). C goes as PrintableString, the rest UTF8String. */
export function nomeDer(atributos: AtributoDn[]): Buffer {
  return der.seq(...atributos.map(([id, valor]) => der.set(der.seq(der.oid(id), id === OID.c ? der.printable(valor) : der.utf8(valor)))));
}

export function extensao(id: string, valor: Buffer, critica = false): Buffer {
  return critica ? der.seq(der.oid(id), der.booleano(true), der.octetos(valor)) : der.seq(der.oid(id), der.octetos(valor));
}

/** KeyUsage bits (RFC 5280 4.2.1.3). */
export const UsoChave = {
  digitalSignature: 0,
  nonRepudiation: 1,
  keyEncipherment: 2,
  dataEncipherment: 3,
  keyAgreement: 4,
  keyCertSign: 5,
  cRLSign: 6,
} as const;

/** Named BIT STRING in DER: trailing zero bits dropped, unused-bit count set. */
export function bitsNomeados(indices: number[]): Buffer {
  const maior = Math.max(...indices);
  const bytes = Buffer.alloc(Math.floor(maior / 8) + 1);
  for (const i of indices) bytes[Math.floor(i / 8)] |= 0x80 >> (i % 8);
  const naoUsados = 7 - (maior % 8);
  return der.tlv(0x03, Buffer.concat([Buffer.from([naoUsados]), bytes]));
}

/** GeneralName entries for subjectAltName. */
export const NomeAlternativo = {
  /** otherName [0] { type-id, [0] EXPLICIT value } where `valor` is a complete TLV. */
  outro: (id: string, valor: Buffer): Buffer => der.implicitoConstruido(0, Buffer.concat([der.oid(id), der.explicito(0, valor)])),
  dns: (nome: string): Buffer => der.implicitoPrimitivo(2, Buffer.from(nome, 'latin1')),
  ip: (endereco: string): Buffer => {
    const bytes = bytesDoIp(endereco);
    if (!bytes) throw new Error(`Endereço IP inválido: ${endereco}`);
    return der.implicitoPrimitivo(7, bytes);
  },
  /** An IP address goes as iPAddress (what a TLS client matches an IP against), anything else as dNSName. */
  host: (host: string): Buffer => (bytesDoIp(host) ? NomeAlternativo.ip(host) : NomeAlternativo.dns(host)),
};

const OCTETO = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const GRUPO_IPV6 = /^[0-9a-f]{1,4}$/i;

/** The 4 bytes of a dotted IPv4 address (no leading zeros, as Node's isIP), or null. */
function bytesIpv4(texto: string): number[] | null {
  const partes = texto.split('.');
  return partes.length === 4 && partes.every((p) => OCTETO.test(p)) ? partes.map(Number) : null;
}

/** 16-bit groups of one side of an IPv6 address; the last group of the address may be a dotted IPv4. */
function gruposIpv6(texto: string, terminaOEndereco: boolean): number[] | null {
  const grupos: number[] = [];
  const partes = texto ? texto.split(':') : [];
  for (const [i, parte] of partes.entries()) {
    const ipv4 = terminaOEndereco && i === partes.length - 1 && parte.includes('.') ? bytesIpv4(parte) : null;
    if (ipv4) grupos.push((ipv4[0] << 8) | ipv4[1], (ipv4[2] << 8) | ipv4[3]);
    else if (GRUPO_IPV6.test(parte)) grupos.push(parseInt(parte, 16));
    else return null;
  }
  return grupos;
}

/** The 16 bytes of an IPv6 address (RFC 4291 text: `::` for one or more zero groups), or null. */
function bytesIpv6(texto: string): number[] | null {
  const metades = texto.split('::');
  if (metades.length > 2) return null;
  const abreviado = metades.length === 2;
  const esquerda = gruposIpv6(metades[0], !abreviado);
  const direita = abreviado ? gruposIpv6(metades[1], true) : [];
  if (!esquerda || !direita) return null;
  const zeros = 8 - esquerda.length - direita.length;
  if (abreviado ? zeros < 1 : zeros !== 0) return null;
  return [...esquerda, ...Array<number>(zeros).fill(0), ...direita].flatMap((g) => [g >> 8, g & 0xff]);
}

/** The address's bytes for an iPAddress name (4 or 16), or null when the text is not an IP address. */
export function bytesDoIp(endereco: string): Buffer | null {
  const bytes = endereco.includes(':') ? bytesIpv6(endereco) : bytesIpv4(endereco);
  return bytes && Buffer.from(bytes);
}

/** Subject key identifier: SHA-1 of the subjectPublicKey bits (RFC 5280 4.2.1.2, method 1). */
export function identificadorDeChave(publica: KeyObject): Buffer {
  const spki = publica.export({ type: 'spki', format: 'der' });
  const bitString = der.filhos(spki)[1];
  return createHash('sha1').update(der.conteudo(bitString).subarray(1)).digest();
}

export interface Emissor {
  /** Subject Name DER of the issuing certificate (byte-exact, so chain building matches). */
  nome: Buffer;
  chavePrivada: KeyObject;
  identificadorDeChave: Buffer;
}

export function emissorDe(certificadoPem: string, chavePrivadaPem: string): Emissor {
  const certificado = new X509Certificate(certificadoPem);
  const tbs = der.filhos(certificado.raw)[0];
  const campos = der.filhos(tbs);
  const deslocamento = campos[0][0] === 0xa0 ? 1 : 0; // explicit version present
  return {
    nome: campos[deslocamento + 4], // serial, signature, issuer, validity, subject
    chavePrivada: createPrivateKey(chavePrivadaPem),
    identificadorDeChave: identificadorDeChave(certificado.publicKey),
  };
}

export interface DadosCertificado {
  sujeito: Buffer;
  chavePublica: KeyObject;
  /** Omitted for a self-signed certificate (then `chavePrivadaPropria` signs). */
  emissor?: Emissor;
  chavePrivadaPropria?: KeyObject;
  validoDe: Date;
  validoAte: Date;
  /** Extensions besides the key identifiers, which are added here. */
  extensoes: Buffer[];
}

export function assinarCertificado(dados: DadosCertificado): Buffer {
  const ski = identificadorDeChave(dados.chavePublica);
  const emissor: Emissor = dados.emissor ?? {
    nome: dados.sujeito,
    chavePrivada: exigirChave(dados.chavePrivadaPropria),
    identificadorDeChave: ski,
  };
  const extensoes = [
    ...dados.extensoes,
    extensao(OID.subjectKeyIdentifier, der.octetos(ski)),
    extensao(OID.authorityKeyIdentifier, der.seq(der.implicitoPrimitivo(0, emissor.identificadorDeChave))),
  ];
  const algoritmo = der.algoritmo(OID.sha256ComRsa);
  const tbs = der.seq(
    der.explicito(0, der.inteiro(2)),
    der.inteiro(numeroDeSerie()),
    algoritmo,
    emissor.nome,
    der.seq(der.tempo(dados.validoDe), der.tempo(dados.validoAte)),
    dados.sujeito,
    dados.chavePublica.export({ type: 'spki', format: 'der' }),
    der.explicito(3, der.seq(...extensoes)),
  );
  const assinatura = sign('sha256', tbs, emissor.chavePrivada);
  return der.seq(tbs, algoritmo, der.bits(assinatura));
}

function exigirChave(chave: KeyObject | undefined): KeyObject {
  if (!chave) throw new Error('Certificado autoassinado precisa da própria chave privada');
  return chave;
}

/** 16 random bytes, positive and without a leading zero byte (RFC 5280: up to 20 octets). */
function numeroDeSerie(): Buffer {
  const b = randomBytes(16);
  b[0] = (b[0] & 0x7f) | 0x01;
  return b;
}

export function pem(derBytes: Buffer, rotulo = 'CERTIFICATE'): string {
  const linhas = derBytes.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${rotulo}-----\n${linhas.join('\n')}\n-----END ${rotulo}-----\n`;
}

export function chavePem(chave: KeyObject): string {
  return chave.export({ type: 'pkcs8', format: 'pem' }).toString();
}
