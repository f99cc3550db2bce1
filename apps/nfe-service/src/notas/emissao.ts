/**
 * Mapping between the registry's company, the request, the stored note and the answers.
 * No I/O here: the service composes these with the database and the domain.
 */
import { randomUUID } from 'node:crypto';
import {
  type ComandoEvento,
  type CriarNota,
  type EmpresaContexto,
  type NotaResposta,
  semNulos,
  type TipoCredencial,
} from '@emissor/contracts';
import {
  consumidorFinalEfetivo,
  type EmpresaEmitente,
  eventoDoDocumento,
  finalidadeEfetiva,
  formatarDataHoraSefaz,
  formatarValor,
  type Mercadoria as MercadoriaDominio,
  montarNfeProc,
  montarProcInutNFe,
  normalizarCnpj,
  normalizarDocumento,
  offsetDaUf,
  presencaEfetiva,
  tipoOperacaoEfetivo,
  type Uf,
} from '@emissor/fiscal-domain';
import type { Inutilizacao } from '../inutilizacao/entities/inutilizacao.entity';
import type { Mercadoria } from '../mercadorias/entities/mercadoria.entity';
import { paraResposta as mercadoriaParaResposta } from '../mercadorias/mercadorias.service';
import type { AmbienteNumeracao, NotaFiscal } from './entities/nota-fiscal.entity';

export function paraEmitente(e: EmpresaContexto): EmpresaEmitente {
  return {
    cnpj: e.cnpj,
    razao_social: e.razao_social,
    nome_fantasia: e.nome_fantasia,
    inscricao_estadual: e.inscricao_estadual ?? '',
    regime_tributario: (e.regime_tributario ?? 3) as EmpresaEmitente['regime_tributario'],
    endereco: { ...e.endereco, uf: e.endereco.uf as Uf, codigo_municipio: e.codigo_municipio },
    telefone: e.telefone,
    apuracao_pis_cofins: e.apuracao_pis_cofins ?? null,
  };
}

export function paraMercadoriaDominio(m: Mercadoria): MercadoriaDominio {
  const r = mercadoriaParaResposta(m);
  return { ...r, valor: r.valor };
}

/**
 * Which environment a note goes to, and which counter numbers it (decisions §3-§4): a sandbox
 * credential always issues homologação notes on its own counter; otherwise the company's setting.
 */
export function ambienteDaNota(credencial: TipoCredencial, ambienteEmpresa: 'homologacao' | 'producao') {
  if (credencial === 'sandbox') return { sandbox: true, tpAmb: 2 as const, numeracao: 'sandbox' as AmbienteNumeracao };
  return ambienteEmpresa === 'producao'
    ? { sandbox: false, tpAmb: 1 as const, numeracao: 'producao' as AmbienteNumeracao }
    : { sandbox: false, tpAmb: 2 as const, numeracao: 'homologacao' as AmbienteNumeracao };
}

/** Header fields of the note as the document will carry them (defaults applied). */
export function cabecalhoEfetivo(nota: CriarNota) {
  return {
    finalidade: finalidadeEfetiva(nota),
    tipoOperacao: tipoOperacaoEfetivo(nota),
    indicadorPresenca: presencaEfetiva(nota),
    indicadorConsumidorFinal: consumidorFinalEfetivo(nota),
  };
}

/** The recipient and payments as answered: what was sent, normalised, without nulls. */
export function partesDaRequisicao(nota: CriarNota) {
  const d = nota.destinatario;
  const destinatario = semNulos({
    razao_social: d.razao_social,
    cpf_cnpj: normalizarDocumento(d.cpf_cnpj),
    endereco: semNulos({ ...d.endereco }),
    email: d.email,
    telefone: d.telefone,
    indicador_ie: d.indicador_ie,
    inscricao_estadual: d.inscricao_estadual,
  });
  const pagamentos = nota.pagamentos?.length
    ? nota.pagamentos.map((p) => {
        const r = semNulos({ ...p, cartao: p.cartao ? semNulos({ ...p.cartao }) : undefined });
        if (r.valor) r.valor = formatarValor(r.valor);
        return r;
      })
    : [{ forma_pagamento: '90', valor: '0.00' }];
  return {
    destinatario,
    pagamentos,
    troco: nota.troco ? formatarValor(nota.troco) : undefined,
    intermediador: nota.intermediador?.cnpj
      ? { cnpj: normalizarCnpj(nota.intermediador.cnpj), identificador_cadastro: nota.intermediador.identificador_cadastro ?? '' }
      : undefined,
  };
}

/**
 * The note's nfeProc (signed NFe + protNFe), once SEFAZ gave a protocol: built on reading from the two
 * parts the note keeps, so a verdict writes only the protocol (1 KB) instead of a second copy of the
 * XML; notes from before that kept it whole (xml_autorizado).
 */
export function nfeProcDaNota(n: Pick<NotaFiscal, 'xmlAutorizado' | 'xmlAssinado' | 'xmlProtocolo'>): string | null {
  if (n.xmlAutorizado) return n.xmlAutorizado;
  return n.xmlProtocolo && n.xmlAssinado ? montarNfeProc(n.xmlAssinado, n.xmlProtocolo) : null;
}

/**
 * States whose nfeProc (the note with SEFAZ's protocol) exists: an authorized note, on its way to
 * cancelled or cancelled, and a denied one, whose XML with the denial protocol the issuer must keep as
 * well (Ajuste SINIEF 07/05, cláusulas décima and décima oitava §1: denied NF-e are kept and recorded).
 */
export const SITUACOES_COM_XML: ReadonlyArray<NotaFiscal['situacao']> = ['autorizada', 'cancelamento_solicitado', 'cancelada', 'denegada'];
/** States with a DANFE: a note that may go with the goods (a denied one may not; a cancelled one shows it). */
export const SITUACOES_COM_DANFE: ReadonlyArray<NotaFiscal['situacao']> = ['autorizada', 'cancelamento_solicitado', 'cancelada'];

/** What nfe.inutilizacoes keeps of an invalidation: the two halves of its ProcInutNFe once homologated. */
export interface DocumentoInutilizacao {
  id: string;
  situacao: Inutilizacao['situacao'];
  protocolo: string | null;
  xml_inutilizacao: string | null;
  xml_retorno: string | null;
}

/**
 * The ProcInutNFe of an invalidation (a note's number or a range): the issuer's signed request beside
 * SEFAZ's homologation (Ajuste SINIEF 07/05, cláusula décima quarta §§1 and 3), the document that shows
 * why those numbers have no NF-e. `xml: null` when there is none: not homologated yet; a 563 answer
 * ("already invalidated", our earlier answer lost), which has no protocol nor the range's retInutNFe; an
 * invalidation homologated before migration 1766600000000 kept the request. `erro` for a stored pair that
 * does not make one (the caller logs it).
 */
export function procInutilizacao(d: DocumentoInutilizacao | null): { xml: string } | { xml: null; erro?: string } {
  if (!d || d.situacao !== 'homologada' || !d.protocolo || !d.xml_inutilizacao || !d.xml_retorno) return { xml: null };
  try {
    return { xml: montarProcInutNFe(d.xml_inutilizacao, d.xml_retorno) };
  } catch (erro) {
    return { xml: null, erro: `inutilização ${d.id}: documento guardado inconsistente: ${(erro as Error).message}` };
  }
}

/**
 * The adapter's command for one SEFAZ event of a note (every type: cancellation, carta de correção, ...):
 * where it goes is the note's, the event is the signed `<evento>` element of `documento` (the envEvento
 * the domain built and signed).
 */
export function comandoEventoDaNota(
  nota: Pick<NotaFiscal, 'id' | 'empresaId' | 'ufEmitente' | 'tpAmb' | 'sandbox' | 'chaveAcesso'>,
  cnpj: string,
  evento: { tipo: string; sequencia: number; documento: string },
): ComandoEvento {
  return {
    comando_id: randomUUID(),
    nota_id: nota.id,
    empresa_id: nota.empresaId,
    cnpj,
    uf: nota.ufEmitente,
    ambiente: nota.tpAmb,
    sandbox: nota.sandbox,
    chave_acesso: nota.chaveAcesso,
    tipo_evento: evento.tipo,
    sequencia: evento.sequencia,
    xml_evento: eventoDoDocumento(evento.documento),
  };
}

export function linksDaNota(urlBase: string, id: string) {
  const base = urlBase.replace(/\/$/, '');
  return { xml: `${base}/nfe/v1/notas/${id}/xml`, danfe: `${base}/nfe/v1/notas/${id}/danfe` };
}

/** The note response of the spec; `status_sefaz` only on GET once SEFAZ answered (decisions §3). */
export function respostaDaNota(n: NotaFiscal, urlBase: string, comStatus: boolean): NotaResposta {
  const offset = offsetDaUf(n.ufEmitente);
  const data = (d: Date | null) => (d ? formatarDataHoraSefaz(d, offset) : undefined);
  const r: NotaResposta = {
    uuid: n.id,
    codigo_externo: n.codigoExterno,
    numero: n.numero,
    serie: n.serie,
    modelo: '55',
    natureza_operacao: n.naturezaOperacao,
    situacao: n.situacao,
    data_emissao: data(n.dataEmissao)!,
    data_saida: data(n.dataSaida),
    data_autorizacao: data(n.dataAutorizacao),
    data_cancelamento: data(n.dataCancelamento),
    finalidade: n.finalidade,
    tipo_operacao: n.tipoOperacao === 0 ? 'entrada' : 'saida',
    indicador_presenca: n.indicadorPresenca,
    indicador_consumidor_final: n.indicadorConsumidorFinal,
    informacoes_complementares: n.informacoesComplementares ?? undefined,
    chave_acesso: n.chaveAcesso,
    protocolo_autorizacao: n.protocoloAutorizacao ?? undefined,
    protocolo_cancelamento: n.protocoloCancelamento ?? undefined,
    motivo_cancelamento: n.motivoCancelamento ?? undefined,
    totais: n.resposta.totais,
    itens: n.resposta.itens,
    pagamentos: n.resposta.pagamentos,
    troco: n.resposta.troco,
    destinatario: n.resposta.destinatario,
    links: linksDaNota(urlBase, n.id),
    intermediador: n.resposta.intermediador,
    reemitida_uuid: n.reemitidaUuid ?? undefined,
    reemitida_de_uuid: n.reemitidaDeUuid ?? undefined,
  };
  if (comStatus && n.statusSefazCodigo) r.status_sefaz = { codigo: n.statusSefazCodigo, motivo: n.statusSefazMotivo ?? '' };
  if (comStatus && n.contingenciaTipo && n.contingenciaInicio) {
    r.contingencia = {
      tipo: n.contingenciaTipo,
      motivo: n.contingenciaMotivo ?? '',
      inicio: formatarDataHoraSefaz(new Date(n.contingenciaInicio), offsetDaUf(n.ufEmitente)),
    };
  }
  return semNulos(r);
}
