import { somenteDigitos } from '../../identificadores';

/**
 * Identifiers of the national layout (tiposSimples_v1.01.xsd):
 * - TSIdDPS `DPS[0-9]{42}`: "DPS" + município emissor (7) + tipo de inscrição federal (1: CPF,
 *   2: CNPJ) + inscrição (14, CPF with zeros on the left) + série (5) + número (15);
 * - TSChaveNFSe `[0-9]{50}`: município (7) + ambiente gerador (1) + tipo de inscrição (1) +
 *   inscrição (14) + nNFSe (13) + AAMM of issue (4) + código numérico (9) + DV (1); the NFS-e's
 *   `Id` is "NFS" + chave (TSIdNFSe);
 * - TSIdPedRefEvt `PRE[0-9]{59}`: "PRE" + chave (50) + event code (6) + nPedRegEvento (3).
 */

export function tipoInscricaoFederal(documento: string): '1' | '2' {
  return somenteDigitos(documento).length === 11 ? '1' : '2';
}

export function idDps(p: { codigoMunicipio: string; documentoPrestador: string; serie: string; numero: number | string }): string {
  const doc = somenteDigitos(p.documentoPrestador);
  return `DPS${p.codigoMunicipio}${tipoInscricaoFederal(doc)}${doc.padStart(14, '0')}${somenteDigitos(p.serie).padStart(5, '0')}${String(p.numero).padStart(15, '0')}`;
}

export const CHAVE_NFSE = /^\d{50}$/;

/** Mod-11 check digit (weights 2..9 from the right), as the NF-e key's, over the first 49 digits. */
export function digitoChaveNfse(chave49: string): number {
  if (!/^\d{49}$/.test(chave49)) throw new Error('A chave da NFS-e sem dígito tem 49 algarismos');
  let soma = 0;
  let peso = 2;
  for (let i = 48; i >= 0; i--) {
    soma += Number(chave49[i]) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
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
  const doc = somenteDigitos(p.documentoEmitente);
  const base =
    p.codigoMunicipio +
    p.ambienteGerador +
    tipoInscricaoFederal(doc) +
    doc.padStart(14, '0') +
    String(p.numeroNfse).padStart(13, '0') +
    p.anoMes +
    p.codigoNumerico.padStart(9, '0');
  return base + digitoChaveNfse(base);
}

export function chaveNfseValida(chave: string): boolean {
  return CHAVE_NFSE.test(chave) && digitoChaveNfse(chave.slice(0, 49)) === Number(chave[49]);
}

export const idPedidoEvento = (chave: string, codigoEvento: string, numeroPedido: number) =>
  `PRE${chave}${codigoEvento}${String(numeroPedido).padStart(3, '0')}`;
