import { normalizarTextoSefaz } from '../itens';
import { type DadosEvento, montarXmlEvento } from './montar-evento';
import { TIPO_EVENTO_CARTA_CORRECAO } from './tipos-evento';

/**
 * Carta de correção eletrônica (CC-e, event 110110): leiauteCCe_v1.00 (PL_010 v1.30) and NT 2011.003.
 * xCorrecao: 15 to 1000 characters, Latin-1 only, no spaces at the ends (the schema's pattern
 * `[!-ÿ]{1}[ -ÿ]{0,}[!-ÿ]{1}`), counted after the text is made fit for the layout (normalizarTextoSefaz),
 * which is what SEFAZ receives and counts. xCondUso: the fixed text, exactly as the schema enumerates it.
 */
export const CORRECAO_MINIMA = 15;
export const CORRECAO_MAXIMA = 1000;
/** nSeqEvento 1..20: at most 20 cartas per note (the schema's TnSeqEvento of the CC-e). */
export const MAXIMO_CARTAS_CORRECAO = 20;

export const CONDICAO_USO_CARTA_CORRECAO =
  'A Carta de Correção é disciplinada pelo § 1º-A do art. 7º do Convênio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularização de erro ocorrido na emissão de documento fiscal, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da operação ou da prestação; II - a correção de dados cadastrais que implique mudança do remetente ou do destinatário; III - a data de emissão ou de saída.';

/** The correction text as SEFAZ will receive it. */
export const textoCorrecao = (correcao: string) => normalizarTextoSefaz(correcao);

/** Why the text cannot be a correction (empty array: it can). */
export function errosTextoCorrecao(correcao: string): string[] {
  const n = textoCorrecao(correcao).length;
  if (n < CORRECAO_MINIMA) return [`deve ter no mínimo ${CORRECAO_MINIMA} caracteres`];
  if (n > CORRECAO_MAXIMA) return [`deve ter no máximo ${CORRECAO_MAXIMA} caracteres`];
  return [];
}

export interface DadosCartaCorrecao extends DadosEvento {
  correcao: string;
}

/** The envEvento of a CC-e, unsigned (sign with tagAssinada 'infEvento'). */
export function montarXmlCartaCorrecao(d: DadosCartaCorrecao): string {
  const erros = errosTextoCorrecao(d.correcao);
  if (erros.length) throw new Error(`xCorrecao ${erros[0]}`);
  return montarXmlEvento(TIPO_EVENTO_CARTA_CORRECAO, d, (det) => {
    det.ele('xCorrecao').txt(textoCorrecao(d.correcao));
    det.ele('xCondUso').txt(CONDICAO_USO_CARTA_CORRECAO);
  });
}
