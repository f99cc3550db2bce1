// Reads from an X.509 certificate the fields Node's X509Certificate does not expose in a usable
// form: the subject attributes one by one and the ICP-Brasil otherName values in subjectAltName.
import { No, bytes, conjunto, ehContexto, explicito, filhos, lerAsn1, octetos, oid, sequencia, tempo, texto } from './asn1';

/** ICP-Brasil otherName OIDs (DOC-ICP-04). */
export const OID_ICP_BRASIL = {
  /** e-CPF: birth date, CPF, NIS, RG, issuer of RG. */
  dadosTitularPf: '2.16.76.1.3.1',
  /** e-CNPJ: name of the natural person responsible for the certificate. */
  nomeResponsavel: '2.16.76.1.3.2',
  /** e-CNPJ: the company's CNPJ, 14 positions. */
  cnpj: '2.16.76.1.3.3',
  /** e-CNPJ: birth date, CPF, NIS, RG, issuer of RG of the responsible person. */
  dadosResponsavel: '2.16.76.1.3.4',
  /** e-CNPJ: CEI (INSS) number. */
  cei: '2.16.76.1.3.7',
} as const;

const OID_SUBJECT_ALT_NAME = '2.5.29.17';
const OID_CN = '2.5.4.3';
const OID_O = '2.5.4.10';

/** Short names for rendering a DN; unknown attributes keep their dotted OID. */
const NOMES_ATRIBUTOS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'T',
  '2.5.4.42': 'G',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

export interface AtributoNome {
  oid: string;
  valor: string;
}

export interface DadosX509 {
  /** Uppercase hex of the serial number, without sign padding. */
  numeroSerie: string;
  emissor: AtributoNome[][];
  sujeito: AtributoNome[][];
  validoDe: Date;
  validoAte: Date;
  /** otherName entries of subjectAltName, value decoded as text. */
  otherNames: AtributoNome[];
}

export function lerX509(der: Buffer): DadosX509 {
  const certificado = sequencia(lerAsn1(der), 3);
  const tbs = sequencia(certificado[0], 6);
  let i = ehContexto(tbs[0], 0) ? 1 : 0; // version is optional (v1 certificates)
  const serie = tbs[i++];
  i++; // signature algorithm
  const emissor = lerNome(tbs[i++]);
  const validade = sequencia(tbs[i++], 2);
  const sujeito = lerNome(tbs[i++]);
  i++; // subjectPublicKeyInfo
  let otherNames: AtributoNome[] = [];
  for (const opcional of tbs.slice(i)) {
    if (ehContexto(opcional, 3)) otherNames = lerOtherNames(sequencia(explicito(opcional, 3)));
  }
  return {
    numeroSerie: hexDoSerial(bytes(serie)),
    emissor,
    sujeito,
    validoDe: tempo(validade[0]),
    validoAte: tempo(validade[1]),
    otherNames,
  };
}

function hexDoSerial(b: Buffer): string {
  let inicio = 0;
  while (inicio < b.length - 1 && b[inicio] === 0) inicio++;
  return b.subarray(inicio).toString('hex').toUpperCase();
}

function lerNome(no: No | undefined): AtributoNome[][] {
  return sequencia(no).map((rdn) =>
    conjunto(rdn).map((atv) => {
      const [tipo, valor] = sequencia(atv, 2);
      return { oid: oid(tipo), valor: texto(valor) };
    }),
  );
}

function lerOtherNames(extensoes: No[]): AtributoNome[] {
  const resultado: AtributoNome[] = [];
  for (const extensao of extensoes) {
    const campos = sequencia(extensao, 2);
    if (oid(campos[0]) !== OID_SUBJECT_ALT_NAME) continue;
    // extnValue is the last field (critical BOOLEAN may sit in between).
    const generalNames = sequencia(lerAsn1(octetos(campos[campos.length - 1])));
    for (const nome of generalNames) {
      // otherName is [0] IMPLICIT SEQUENCE { type-id OID, value [0] EXPLICIT ANY }
      if (!ehContexto(nome, 0)) continue;
      const [tipo, valorExplicito] = filhos(nome, 2);
      // ICP-Brasil says OCTET STRING or PrintableString; UTF8String and IA5String also occur.
      resultado.push({ oid: oid(tipo), valor: texto(explicito(valorExplicito, 0)) });
    }
  }
  return resultado;
}

export function primeiroAtributo(nome: AtributoNome[][], oidAtributo: string): string | undefined {
  for (const rdn of nome) for (const atributo of rdn) if (atributo.oid === oidAtributo) return atributo.valor;
  return undefined;
}

/**
 * Most specific first, as Windows/.NET show it to users ("CN=AC ..., OU=..., O=ICP-Brasil, C=BR"),
 * with RFC 4514 escaping.
 */
export function formatarNome(nome: AtributoNome[][]): string {
  return [...nome]
    .reverse()
    .map((rdn) => rdn.map((a) => `${NOMES_ATRIBUTOS[a.oid] ?? a.oid}=${escaparValorDn(a.valor)}`).join(' + '))
    .join(', ');
}

function escaparValorDn(valor: string): string {
  return valor
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

const FORMATO_CNPJ = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Accepts 14 positions with optional punctuation (12.345.678/0001-95); null when it does not fit. */
export function normalizarCnpj(valor: string): string | null {
  const limpo = valor
    .replaceAll('\u0000', '')
    .toUpperCase()
    .replace(/[./\s-]/g, '');
  return FORMATO_CNPJ.test(limpo) ? limpo : null;
}

/** `EMPRESA LTDA:12345678000195` (e-CNPJ) or `FULANO:12345678909` (e-CPF). */
const SUFIXO_DOCUMENTO = /^(.*?)\s*:\s*([0-9A-Za-z./-]{11,18})\s*$/;

export function separarCn(cn: string): { titular: string; cnpj: string | null } {
  const partes = SUFIXO_DOCUMENTO.exec(cn);
  if (!partes || partes[1].trim() === '') return { titular: cn.trim(), cnpj: null };
  const documento = partes[2].replace(/[./-]/g, '');
  if (/^[0-9]{11}$/.test(documento)) return { titular: partes[1].trim(), cnpj: null };
  const cnpj = normalizarCnpj(documento);
  return cnpj ? { titular: partes[1].trim(), cnpj } : { titular: cn.trim(), cnpj: null };
}

export function titularECnpj(dados: DadosX509): { titular: string; cnpj: string | null } {
  const cn = primeiroAtributo(dados.sujeito, OID_CN);
  const doCn = cn !== undefined ? separarCn(cn) : { titular: primeiroAtributo(dados.sujeito, OID_O) ?? '', cnpj: null };
  const doOtherName = dados.otherNames.find((o) => o.oid === OID_ICP_BRASIL.cnpj);
  const cnpjOtherName = doOtherName ? normalizarCnpj(doOtherName.valor) : null;
  return { titular: doCn.titular, cnpj: cnpjOtherName ?? doCn.cnpj };
}
