import { digitoModulo11, normalizarDocumento, somenteDigitos } from '../../identificadores';

/**
 * Identifiers of the national layout (tiposSimples_v1.01.xsd). Since 10/08/2026 the inscrição
 * federal of a CNPJ may be alphanumeric (IN RFB 2.229/2024; the CGNFS-e's schema bundle
 * esquemas-nfse-rtc-v1-01-20260727, whose patterns esquemas.ts applies): a CPF stays 11 digits.
 * - TSIdDPS: "DPS" + município emissor (7) + tipo de inscrição federal (1: CPF, 2: CNPJ) +
 *   inscrição (14, a CPF with zeros on the left) + série (5) + número (15);
 * - TSChaveNFSe (50): município (7) + ambiente gerador (1) + tipo de inscrição (1) + inscrição (14) +
 *   nNFSe (13) + AAMM of issue (4) + código numérico (9) + DV (1); the NFS-e's `Id` is "NFS" + chave
 *   (TSIdNFSe);
 * - the pedido de registro de evento's Id (TSIdPedRegEvt): "PRE" + chave (50) + event code (6);
 * - the authority's event's Id (TSIdEvento): "EVT" + chave (50) + event code (6) + nSeqEvento (3).
 */

/** '1' for a CPF (11 digits), '2' for a CNPJ (14 characters, numeric or alphanumeric). */
export function tipoInscricaoFederal(documento: string): '1' | '2' {
  return normalizarDocumento(documento).length === 11 ? '1' : '2';
}

/** The 14 positions of the inscrição federal in the identifiers: the CNPJ as is, a CPF with zeros on the left. */
const inscricao14 = (documento: string) => normalizarDocumento(documento).padStart(14, '0');

export function idDps(p: { codigoMunicipio: string; documentoPrestador: string; serie: string; numero: number | string }): string {
  const doc = p.documentoPrestador;
  return `DPS${p.codigoMunicipio}${tipoInscricaoFederal(doc)}${inscricao14(doc)}${somenteDigitos(p.serie).padStart(5, '0')}${String(p.numero).padStart(15, '0')}`;
}

/** TSIdDPS of the 20260727 bundle: letters only in a CNPJ's inscrição (tipo 2). */
export const FORMATO_ID_DPS = /^DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}$/;

/**
 * The key's shape as the product writes and accepts it: digits, the tipo de inscrição 1 (CPF) or 2
 * (CNPJ), letters only in a CNPJ's 12 first characters (positions 10 to 21). The check digit and the
 * CPF case are `chaveNfseValida`'s (the authority's digit is its own: a client checks the shape only).
 */
export const FORMATO_CHAVE_NFSE = /^[0-9]{8}[12][0-9A-Z]{12}[0-9]{29}$/;
export const MENSAGEM_FORMATO_CHAVE_NFSE = 'deve ter 50 caracteres: dígitos, com letras só nas posições 10 a 21 (CNPJ alfanumérico)';

/**
 * Mod-11 check digit over the 49 first characters, as the NF-e key's: a letter of an alphanumeric
 * CNPJ weighs its ASCII code minus 48. Anexo I does not publish the NFS-e key's algorithm (the
 * authority computes it); this is the one of NT Conjunta 2025.001 for the keys that hold a CNPJ.
 */
export function digitoChaveNfse(chave49: string): number {
  if (!/^[0-9A-Z]{49}$/.test(chave49)) throw new Error('A chave da NFS-e sem dígito tem 49 caracteres');
  return digitoModulo11(chave49);
}

export function montarChaveNfse(p: {
  codigoMunicipio: string;
  ambienteGerador: '1' | '2';
  documentoEmitente: string;
  numeroNfse: number | string;
  /** YYMM of the issue. */
  anoMes: string;
  codigoNumerico: string;
}): string {
  const doc = p.documentoEmitente;
  const base =
    p.codigoMunicipio +
    p.ambienteGerador +
    tipoInscricaoFederal(doc) +
    inscricao14(doc) +
    String(p.numeroNfse).padStart(13, '0') +
    p.anoMes +
    p.codigoNumerico.padStart(9, '0');
  return base + digitoChaveNfse(base);
}

/** A key of the shape above whose check digit holds, with digits only in a CPF's inscrição (tipo 1). */
export function chaveNfseValida(chave: string): boolean {
  if (!FORMATO_CHAVE_NFSE.test(chave)) return false;
  if (chave[8] === '1' && !/^\d{14}$/.test(chave.slice(9, 23))) return false;
  return digitoChaveNfse(chave.slice(0, 49)) === Number(chave[49]);
}

export const idPedidoEvento = (chave: string, codigoEvento: string) => `PRE${chave}${codigoEvento}`;
