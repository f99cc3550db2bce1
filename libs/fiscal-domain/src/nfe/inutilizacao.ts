import { create } from 'xmlbuilder2';
import { codigoUf, normalizarCnpj } from '../identificadores';
import { normalizarTextoSefaz } from '../itens';
import { MODELO_NFE, NAMESPACE_NFE, VERSAO_NFE, type AmbienteSefaz } from './tipos';

export interface DadosInutilizacao {
  ambiente: AmbienteSefaz;
  uf: string;
  /** Two-digit year of the numbers (`26` for 2026). */
  ano: number;
  cnpj: string;
  serie: number;
  numeroInicial: number;
  numeroFinal: number;
  /** 15 to 255 characters. */
  justificativa: string;
}

/** The infInut Id's shape as `TInutNFe` types it (PL_010 v1.30): the CNPJ part may be alphanumeric (NT Conjunta 2025.001). */
export const ID_INUTILIZACAO_EM_TEXTO = 'ID[0-9]{4}[0-9A-Z]{12}[0-9]{25}';
export const FORMATO_ID_INUTILIZACAO = new RegExp(`^${ID_INUTILIZACAO_EM_TEXTO}$`);

/** Id of infInut: `ID` + cUF(2) + ano(2) + CNPJ(14) + mod(2) + série(3) + nNFIni(9) + nNFFin(9). */
export function idInutilizacao(d: Omit<DadosInutilizacao, 'ambiente' | 'justificativa'>): string {
  return (
    'ID' +
    codigoUf(d.uf) +
    String(d.ano % 100).padStart(2, '0') +
    normalizarCnpj(d.cnpj) +
    MODELO_NFE +
    String(d.serie).padStart(3, '0') +
    String(d.numeroInicial).padStart(9, '0') +
    String(d.numeroFinal).padStart(9, '0')
  );
}

/** `<inutNFe versao="4.00"><infInut Id=…>`, unsigned; sign with tagAssinada 'infInut'. */
export function montarXmlInutilizacao(d: DadosInutilizacao): string {
  if (!(
    Number.isInteger(d.numeroInicial) &&
    Number.isInteger(d.numeroFinal) &&
    d.numeroInicial >= 1 &&
    d.numeroFinal >= d.numeroInicial &&
    d.numeroFinal <= 999_999_999
  )) {
    throw new Error('numero_final deve ser maior ou igual a numero_inicial');
  }
  const justificativa = normalizarTextoSefaz(d.justificativa);
  if (justificativa.length < 15 || justificativa.length > 255) throw new Error('A justificativa deve ter de 15 a 255 caracteres');
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const inf = doc.ele(NAMESPACE_NFE, 'inutNFe', { versao: VERSAO_NFE }).ele('infInut', { Id: idInutilizacao(d) });
  inf.ele('tpAmb').txt(String(d.ambiente));
  inf.ele('xServ').txt('INUTILIZAR');
  inf.ele('cUF').txt(codigoUf(d.uf));
  inf.ele('ano').txt(String(d.ano % 100).padStart(2, '0'));
  inf.ele('CNPJ').txt(normalizarCnpj(d.cnpj));
  inf.ele('mod').txt(MODELO_NFE);
  inf.ele('serie').txt(String(d.serie));
  inf.ele('nNFIni').txt(String(d.numeroInicial));
  inf.ele('nNFFin').txt(String(d.numeroFinal));
  inf.ele('xJust').txt(justificativa);
  return doc.end({ headless: false });
}
