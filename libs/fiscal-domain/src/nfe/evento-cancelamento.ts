import { create } from 'xmlbuilder2';
import { lerChaveAcesso, normalizarCnpj } from '../identificadores';
import { normalizarTextoSefaz } from '../itens';
import { NAMESPACE_NFE, type AmbienteSefaz } from './tipos';

export const TIPO_EVENTO_CANCELAMENTO = '110111';
export const VERSAO_EVENTO = '1.00';

export interface DadosCancelamento {
  ambiente: AmbienteSefaz;
  chaveAcesso: string;
  cnpj: string;
  /** Authorization protocol of the note (15 or 17 digits). */
  protocoloAutorizacao: string;
  /** 15 to 255 characters. */
  justificativa: string;
  /** `2026-11-22T14:05:09-03:00`. */
  dataEvento: string;
  /** 1 for the first cancellation request of the note. */
  sequencia?: number;
  /** Batch id (up to 15 digits). */
  idLote: string;
}

/** Id of infEvento: `ID` + tpEvento(6) + chave(44) + nSeqEvento(2). */
export function idEvento(tipoEvento: string, chaveAcesso: string, sequencia: number): string {
  return `ID${tipoEvento}${chaveAcesso}${String(sequencia).padStart(2, '0')}`;
}

/**
 * `<envEvento versao="1.00"><idLote/><evento versao="1.00"><infEvento Id=…>` for a cancellation (110111),
 * unsigned; sign with tagAssinada 'infEvento'. cOrgao is the state of the key.
 */
export function montarXmlEventoCancelamento(d: DadosCancelamento): string {
  const chave = lerChaveAcesso(d.chaveAcesso);
  if (!chave) throw new Error(`Chave de acesso inválida: ${d.chaveAcesso}`);
  const sequencia = d.sequencia ?? 1;
  if (!Number.isInteger(sequencia) || sequencia < 1 || sequencia > 20) throw new Error('nSeqEvento deve ser de 1 a 20');
  if (!/^\d{15}$|^\d{17}$/.test(d.protocoloAutorizacao)) throw new Error('O protocolo de autorização deve ter 15 ou 17 dígitos');
  if (!/^\d{1,15}$/.test(d.idLote)) throw new Error('idLote deve ter de 1 a 15 dígitos');
  const justificativa = normalizarTextoSefaz(d.justificativa);
  if (justificativa.length < 15 || justificativa.length > 255) throw new Error('A justificativa deve ter de 15 a 255 caracteres');

  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const env = doc.ele(NAMESPACE_NFE, 'envEvento', { versao: VERSAO_EVENTO });
  env.ele('idLote').txt(d.idLote);
  const inf = env.ele('evento', { versao: VERSAO_EVENTO }).ele('infEvento', { Id: idEvento(TIPO_EVENTO_CANCELAMENTO, chave.chave, sequencia) });
  inf.ele('cOrgao').txt(chave.cUF);
  inf.ele('tpAmb').txt(String(d.ambiente));
  inf.ele('CNPJ').txt(normalizarCnpj(d.cnpj));
  inf.ele('chNFe').txt(chave.chave);
  inf.ele('dhEvento').txt(d.dataEvento);
  inf.ele('tpEvento').txt(TIPO_EVENTO_CANCELAMENTO);
  inf.ele('nSeqEvento').txt(String(sequencia));
  inf.ele('verEvento').txt(VERSAO_EVENTO);
  const det = inf.ele('detEvento', { versao: VERSAO_EVENTO });
  det.ele('descEvento').txt('Cancelamento');
  det.ele('nProt').txt(d.protocoloAutorizacao);
  det.ele('xJust').txt(justificativa);
  return doc.end({ headless: false });
}
