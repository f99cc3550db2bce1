import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { lerChaveAcesso, normalizarCnpj } from '../identificadores';
import { NAMESPACE_NFE, type AmbienteSefaz } from '../nfe/tipos';
import { definicaoTipoEvento, idEvento } from './tipos-evento';

export const VERSAO_EVENTO = '1.00';

/** What every NF-e event carries (infEvento), whatever its type. */
export interface DadosEvento {
  ambiente: AmbienteSefaz;
  chaveAcesso: string;
  cnpj: string;
  /** `2026-11-22T14:05:09-03:00`. */
  dataEvento: string;
  /** nSeqEvento: 1 for the first event of the type, up to the type's maximum. */
  sequencia: number;
  /** Batch id (up to 15 digits). */
  idLote: string;
}

/**
 * `<envEvento versao="1.00"><idLote/><evento versao="1.00"><infEvento Id=…>` of any type in
 * TIPOS_EVENTO_NFE, unsigned (sign with tagAssinada 'infEvento'); `detalhe` writes the children of
 * detEvento after descEvento. cOrgao is the state of the key.
 */
export function montarXmlEvento(tipoEvento: string, d: DadosEvento, detalhe: (det: XMLBuilder) => void): string {
  const tipo = definicaoTipoEvento(tipoEvento);
  if (!tipo) throw new Error(`Tipo de evento desconhecido: ${tipoEvento}`);
  const chave = lerChaveAcesso(d.chaveAcesso);
  if (!chave) throw new Error(`Chave de acesso inválida: ${d.chaveAcesso}`);
  if (!Number.isInteger(d.sequencia) || d.sequencia < 1 || d.sequencia > tipo.sequenciaMaxima) {
    throw new Error(`nSeqEvento de ${tipo.descricao} deve ser de 1 a ${tipo.sequenciaMaxima}`);
  }
  if (!/^\d{1,15}$/.test(d.idLote)) throw new Error('idLote deve ter de 1 a 15 dígitos');

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const env = doc.ele(NAMESPACE_NFE, 'envEvento', { versao: VERSAO_EVENTO });
  env.ele('idLote').txt(d.idLote);
  const inf = env.ele('evento', { versao: VERSAO_EVENTO }).ele('infEvento', { Id: idEvento(tipo.codigo, chave.chave, d.sequencia) });
  inf.ele('cOrgao').txt(chave.cUF);
  inf.ele('tpAmb').txt(String(d.ambiente));
  inf.ele('CNPJ').txt(normalizarCnpj(d.cnpj));
  inf.ele('chNFe').txt(chave.chave);
  inf.ele('dhEvento').txt(d.dataEvento);
  inf.ele('tpEvento').txt(tipo.codigo);
  inf.ele('nSeqEvento').txt(String(d.sequencia));
  inf.ele('verEvento').txt(VERSAO_EVENTO);
  const det = inf.ele('detEvento', { versao: VERSAO_EVENTO });
  det.ele('descEvento').txt(tipo.descricao);
  detalhe(det);
  return doc.end({ headless: false });
}
