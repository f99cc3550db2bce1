// Minimal DER encoder for building test certificates and PFX files byte by byte: we need exact
// control over encodings (otherName as OCTET STRING vs PrintableString, PBE parameters) that
// higher-level builders hide.

function comprimento(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let resto = n; resto > 0; resto = Math.floor(resto / 256)) bytes.unshift(resto & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, conteudo: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), comprimento(conteudo.length), conteudo]);
}

export const seq = (...itens: Buffer[]): Buffer => tlv(0x30, Buffer.concat(itens));

/** SET OF: DER requires the elements sorted by their encodings. */
export const set = (...itens: Buffer[]): Buffer => tlv(0x31, Buffer.concat([...itens].sort(Buffer.compare)));

export const nulo = (): Buffer => Buffer.from([0x05, 0x00]);

export const booleano = (valor: boolean): Buffer => tlv(0x01, Buffer.from([valor ? 0xff : 0x00]));

export const octetos = (valor: Buffer): Buffer => tlv(0x04, valor);

export const utf8 = (valor: string): Buffer => tlv(0x0c, Buffer.from(valor, 'utf8'));

export const printable = (valor: string): Buffer => tlv(0x13, Buffer.from(valor, 'latin1'));

export const bmp = (valor: string): Buffer => tlv(0x1e, Buffer.from(valor, 'utf16le').swap16());

/** BIT STRING with no unused bits. */
export const bits = (valor: Buffer): Buffer => tlv(0x03, Buffer.concat([Buffer.from([0]), valor]));

/** Non-negative INTEGER. */
export function inteiro(valor: number | bigint | Buffer): Buffer {
  let b: Buffer;
  if (Buffer.isBuffer(valor)) {
    b = valor;
  } else {
    let hex = BigInt(valor).toString(16);
    if (hex.length % 2) hex = '0' + hex;
    b = Buffer.from(hex, 'hex');
  }
  let inicio = 0;
  while (inicio < b.length - 1 && b[inicio] === 0 && !(b[inicio + 1] & 0x80)) inicio++;
  b = b.subarray(inicio);
  if (b[0] & 0x80) b = Buffer.concat([Buffer.from([0]), b]);
  return tlv(0x02, b);
}

export function oid(texto: string): Buffer {
  const partes = texto.split('.').map((p) => BigInt(p));
  const corpo: number[] = [];
  const base128 = (v: bigint): void => {
    const grupos: number[] = [Number(v & 0x7fn)];
    for (v >>= 7n; v > 0n; v >>= 7n) grupos.unshift(Number(v & 0x7fn) | 0x80);
    corpo.push(...grupos);
  };
  base128(partes[0] * 40n + partes[1]);
  for (const p of partes.slice(2)) base128(p);
  return tlv(0x06, Buffer.from(corpo));
}

/** RFC 5280: UTCTime through 2049, GeneralizedTime after. Seconds precision, Zulu. */
export function tempo(data: Date): Buffer {
  const iso = data.toISOString(); // 2024-05-01T12:34:56.789Z
  const compacto = iso.slice(0, 19).replace(/[-:T]/g, '') + 'Z'; // 20240501123456Z
  const ano = data.getUTCFullYear();
  if (ano >= 1950 && ano < 2050) return tlv(0x17, Buffer.from(compacto.slice(2), 'latin1'));
  return tlv(0x18, Buffer.from(compacto, 'latin1'));
}

/** [n] EXPLICIT (constructed context tag around a whole TLV). */
export const explicito = (n: number, conteudo: Buffer): Buffer => tlv(0xa0 | n, conteudo);

/** [n] IMPLICIT primitive (replaces the tag of a primitive value). */
export const implicitoPrimitivo = (n: number, valor: Buffer): Buffer => tlv(0x80 | n, valor);

/** [n] IMPLICIT constructed (replaces the SEQUENCE tag; `conteudo` is the inner elements). */
export const implicitoConstruido = (n: number, conteudo: Buffer): Buffer => tlv(0xa0 | n, conteudo);

export const algoritmo = (id: string, parametros: Buffer | null = nulo()): Buffer => (parametros ? seq(oid(id), parametros) : seq(oid(id)));

/** Raw child TLVs of a constructed DER value (definite lengths only: for DER we wrote). */
export function filhos(tlvCompleto: Buffer): Buffer[] {
  const { inicioConteudo, fim } = cabecalho(tlvCompleto, 0);
  const resultado: Buffer[] = [];
  for (let pos = inicioConteudo; pos < fim;) {
    const filho = cabecalho(tlvCompleto, pos);
    resultado.push(tlvCompleto.subarray(pos, filho.fim));
    pos = filho.fim;
  }
  return resultado;
}

/** Content bytes of a TLV (without tag and length). */
export function conteudo(tlvCompleto: Buffer): Buffer {
  const { inicioConteudo, fim } = cabecalho(tlvCompleto, 0);
  return tlvCompleto.subarray(inicioConteudo, fim);
}

function cabecalho(b: Buffer, pos: number): { inicioConteudo: number; fim: number } {
  let p = pos + 1;
  const primeiro = b[p++];
  let tamanho = primeiro;
  if (primeiro & 0x80) {
    const n = primeiro & 0x7f;
    if (n === 0 || n > 4) throw new Error('DER com comprimento não suportado');
    tamanho = 0;
    for (let i = 0; i < n; i++) tamanho = tamanho * 256 + b[p++];
  }
  if (p + tamanho > b.length) throw new Error('DER truncado');
  return { inicioConteudo: p, fim: p + tamanho };
}
