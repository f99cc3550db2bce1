// Small helpers over node-forge's BER/DER parser (it accepts indefinite lengths and
// constructed strings, which PFX files from Windows and Java do use).
// Internal to this folder: values are Buffers, never forge's binary strings, outside.
import * as forge from 'node-forge';

export type No = forge.asn1.Asn1;

export const Tipo = forge.asn1.Type;
export const Classe = forge.asn1.Class;

/** Raised on any structural surprise; callers map it to the public error. */
export class Asn1Invalido extends Error {
  constructor(mensagem: string) {
    super(mensagem);
    this.name = 'Asn1Invalido';
  }
}

export function exigir(condicao: unknown, mensagem: string): asserts condicao {
  if (!condicao) throw new Asn1Invalido(mensagem);
}

/**
 * The first object's definite length fits in `bytes`. forge's lenient mode reads a cut object as far as it
 * goes, so a truncated PFX would reach the MAC check and fail there as a wrong password: it is a broken file.
 * An indefinite length (BER, 0x80) is left to the parser.
 */
export function exigirObjetoCompleto(bytes: Buffer): void {
  exigir(bytes.length >= 2, 'arquivo curto demais');
  const primeiro = bytes[1];
  if (primeiro === 0x80) return;
  let comprimento = primeiro;
  let cabecalho = 2;
  if (primeiro & 0x80) {
    const n = primeiro & 0x7f;
    exigir(n <= 4 && bytes.length >= 2 + n, 'comprimento ASN.1 ilegível');
    comprimento = 0;
    for (let i = 0; i < n; i++) comprimento = comprimento * 256 + bytes[2 + i];
    cabecalho += n;
  }
  exigir(cabecalho + comprimento <= bytes.length, 'arquivo truncado');
}

/** `permitirSobra`: ignore bytes after the first object (OpenSSL does, for whole PFX files). */
export function lerAsn1(bytes: Buffer, permitirSobra = false): No {
  try {
    // The typings only declare the boolean form; forge also takes these options.
    const fromDer = forge.asn1.fromDer as unknown as (entrada: forge.util.ByteBuffer, opcoes: object) => No;
    return fromDer(forge.util.createBuffer(bytes.toString('binary')), {
      strict: false,
      parseAllBytes: !permitirSobra,
      decodeBitStrings: false,
    });
  } catch {
    throw new Asn1Invalido('ASN.1 ilegível');
  }
}

export function filhos(no: No, minimo = 0): No[] {
  exigir(Array.isArray(no.value), 'esperava um tipo construído');
  const lista = no.value as No[];
  exigir(lista.length >= minimo, 'faltam elementos');
  return lista;
}

export function sequencia(no: No | undefined, minimo = 0): No[] {
  exigir(no && no.tagClass === Classe.UNIVERSAL && no.type === Tipo.SEQUENCE, 'esperava SEQUENCE');
  return filhos(no, minimo);
}

export function conjunto(no: No | undefined): No[] {
  exigir(no && no.tagClass === Classe.UNIVERSAL && no.type === Tipo.SET, 'esperava SET');
  return filhos(no);
}

export function ehContexto(no: No | undefined, tag: number): no is No {
  return !!no && no.tagClass === Classe.CONTEXT_SPECIFIC && no.type === tag;
}

/** Content of an EXPLICIT [tag] wrapper. */
export function explicito(no: No | undefined, tag: number): No {
  exigir(ehContexto(no, tag), `esperava [${tag}]`);
  const [interno] = filhos(no, 1);
  return interno;
}

export function oid(no: No | undefined): string {
  exigir(no && no.tagClass === Classe.UNIVERSAL && no.type === Tipo.OID && typeof no.value === 'string', 'esperava OID');
  return forge.asn1.derToOid(no.value as string);
}

/** Bytes of a primitive or BER-constructed string (chunks concatenated), any tag. */
export function bytes(no: No | undefined): Buffer {
  exigir(no, 'valor ausente');
  if (typeof no.value === 'string') return Buffer.from(no.value, 'binary');
  return Buffer.concat((no.value as No[]).map((parte) => bytes(parte)));
}

export function octetos(no: No | undefined): Buffer {
  exigir(no && no.tagClass === Classe.UNIVERSAL && no.type === Tipo.OCTETSTRING, 'esperava OCTET STRING');
  return bytes(no);
}

export function inteiro(no: No | undefined): bigint {
  exigir(no && no.tagClass === Classe.UNIVERSAL && no.type === Tipo.INTEGER && typeof no.value === 'string', 'esperava INTEGER');
  const b = Buffer.from(no.value as string, 'binary');
  exigir(b.length > 0, 'INTEGER vazio');
  let valor = BigInt('0x' + b.toString('hex'));
  if (b[0] & 0x80) valor -= 1n << BigInt(b.length * 8);
  return valor;
}

/** Iteration counts and versions. The cap keeps a hostile file from pinning the CPU. */
export function inteiroPequeno(no: No | undefined, maximo = 1_000_000): number {
  const valor = inteiro(no);
  exigir(valor >= 0n && valor <= BigInt(maximo), 'INTEGER fora do intervalo');
  return Number(valor);
}

/** Decodes the string types found in X.500 names and ICP-Brasil otherName values. */
export function texto(no: No | undefined): string {
  exigir(no && no.tagClass === Classe.UNIVERSAL, 'esperava texto');
  const b = bytes(no);
  switch (no.type as number) {
    case Tipo.BMPSTRING: {
      const copia = Buffer.from(b.subarray(0, b.length - (b.length % 2)));
      return copia.swap16().toString('utf16le');
    }
    case 28: {
      // UniversalString: UTF-32BE
      let s = '';
      for (let i = 0; i + 3 < b.length; i += 4) s += String.fromCodePoint(b.readUInt32BE(i));
      return s;
    }
    case Tipo.PRINTABLESTRING:
    case Tipo.IA5STRING:
    case 20: // TeletexString: in practice Latin-1
      return b.toString('latin1');
    default:
      // UTF8String, OCTET STRING and anything else: UTF-8 when valid, else Latin-1.
      return utf8OuLatin1(b);
  }
}

function utf8OuLatin1(b: Buffer): string {
  const s = b.toString('utf8');
  return s.includes('\uFFFD') ? b.toString('latin1') : s;
}

export function tempo(no: No | undefined): Date {
  exigir(no && no.tagClass === Classe.UNIVERSAL && typeof no.value === 'string', 'esperava data');
  if (no.type === Tipo.UTCTIME) return forge.asn1.utcTimeToDate(no.value as string);
  exigir(no.type === Tipo.GENERALIZEDTIME, 'esperava UTCTime ou GeneralizedTime');
  return forge.asn1.generalizedTimeToDate(no.value as string);
}
