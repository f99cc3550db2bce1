import { escaparXml } from '../../sefaz/xml-texto';
import { conteudoElemento } from '../../sefaz/xml-texto';
import { NAMESPACE_ABRASF, VERSAO_ABRASF } from './constantes';
import type { MensagemRetornoAbrasf } from './tipos';

/** The municipality's answers (the simulator's side of the ABRASF 2.04 operations). */

const el = (nome: string, valor: string | undefined) => (valor ? `<${nome}>${escaparXml(valor)}</${nome}>` : '');

export function montarListaMensagemRetorno(erros: MensagemRetornoAbrasf[], lote = false): string {
  const itens = erros
    .map(
      (m) =>
        '<MensagemRetorno>' +
        (lote && m.identificacaoRps
          ? `<IdentificacaoRps><Numero>${m.identificacaoRps.numero}</Numero><Serie>${escaparXml(m.identificacaoRps.serie)}</Serie><Tipo>${m.identificacaoRps.tipo}</Tipo></IdentificacaoRps>`
          : '') +
        `<Codigo>${escaparXml(m.codigo)}</Codigo><Mensagem>${escaparXml(m.mensagem)}</Mensagem>` +
        (lote ? '' : el('Correcao', m.correcao)) +
        '</MensagemRetorno>',
    )
    .join('');
  return lote ? `<ListaMensagemRetornoLote>${itens}</ListaMensagemRetornoLote>` : `<ListaMensagemRetorno>${itens}</ListaMensagemRetorno>`;
}

export function montarEnviarLoteRpsResposta(
  r: { numeroLote: string; dataRecebimento: string; protocolo: string } | { erros: MensagemRetornoAbrasf[] },
): string {
  const corpo =
    'erros' in r
      ? montarListaMensagemRetorno(r.erros)
      : `<NumeroLote>${r.numeroLote}</NumeroLote><DataRecebimento>${r.dataRecebimento}</DataRecebimento><Protocolo>${escaparXml(r.protocolo)}</Protocolo>`;
  return `<EnviarLoteRpsResposta xmlns="${NAMESPACE_ABRASF}">${corpo}</EnviarLoteRpsResposta>`;
}

export interface DadosCompNfse {
  numero: string;
  codigoVerificacao: string;
  dataEmissao: string;
  valores: { baseCalculo: string; aliquota?: string; valorIss?: string; valorLiquido: string };
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  orgaoGerador: { codigoMunicipio: string; uf: string };
  /** The `<Rps>` element as the taxpayer sent it (its content goes into DeclaracaoPrestacaoServico). */
  rpsXml: string;
  cancelamento?: { dataHora: string; pedidoXml: string };
}

export function montarCompNfse(d: DadosCompNfse): string {
  const declaracao = conteudoElemento(d.rpsXml, 'Rps') ?? '';
  const cancelamento = d.cancelamento
    ? `<NfseCancelamento><ConfirmacaoCancelamento>${d.cancelamento.pedidoXml}<DataHora>${d.cancelamento.dataHora}</DataHora></ConfirmacaoCancelamento></NfseCancelamento>`
    : '';
  return (
    `<CompNfse><Nfse versao="${VERSAO_ABRASF}"><InfNfse Id="Nfse${d.numero}">` +
    `<Numero>${d.numero}</Numero><CodigoVerificacao>${escaparXml(d.codigoVerificacao)}</CodigoVerificacao><DataEmissao>${d.dataEmissao}</DataEmissao>` +
    `<ValoresNfse>${el('BaseCalculo', d.valores.baseCalculo)}${el('Aliquota', d.valores.aliquota)}${el('ValorIss', d.valores.valorIss)}<ValorLiquidoNfse>${d.valores.valorLiquido}</ValorLiquidoNfse></ValoresNfse>` +
    `<PrestadorServico><IdentificacaoPrestador><CpfCnpj><Cnpj>${d.prestador.cnpj}</Cnpj></CpfCnpj>${el('InscricaoMunicipal', d.prestador.inscricaoMunicipal)}</IdentificacaoPrestador></PrestadorServico>` +
    `<OrgaoGerador><CodigoMunicipio>${d.orgaoGerador.codigoMunicipio}</CodigoMunicipio><Uf>${d.orgaoGerador.uf}</Uf></OrgaoGerador>` +
    `<DeclaracaoPrestacaoServico>${declaracao}</DeclaracaoPrestacaoServico>` +
    `</InfNfse></Nfse>${cancelamento}</CompNfse>`
  );
}

export function montarConsultarLoteRpsResposta(r: {
  situacao: string;
  compNfses?: string[];
  mensagens?: MensagemRetornoAbrasf[];
  mensagensLote?: MensagemRetornoAbrasf[];
}): string {
  let corpo = `<Situacao>${r.situacao}</Situacao>`;
  if (r.compNfses?.length) corpo += `<ListaNfse>${r.compNfses.join('')}</ListaNfse>`;
  else if (r.mensagensLote?.length) corpo += montarListaMensagemRetorno(r.mensagensLote, true);
  else if (r.mensagens?.length) corpo += montarListaMensagemRetorno(r.mensagens);
  return `<ConsultarLoteRpsResposta xmlns="${NAMESPACE_ABRASF}">${corpo}</ConsultarLoteRpsResposta>`;
}

export function montarConsultarNfseRpsResposta(r: { compNfse: string } | { erros: MensagemRetornoAbrasf[] }): string {
  const corpo = 'compNfse' in r ? r.compNfse : montarListaMensagemRetorno(r.erros);
  return `<ConsultarNfseRpsResposta xmlns="${NAMESPACE_ABRASF}">${corpo}</ConsultarNfseRpsResposta>`;
}

export function montarCancelarNfseResposta(r: { dataHora: string; pedidoXml: string } | { erros: MensagemRetornoAbrasf[] }): string {
  const corpo =
    'erros' in r
      ? montarListaMensagemRetorno(r.erros)
      : `<RetCancelamento><NfseCancelamento><ConfirmacaoCancelamento>${r.pedidoXml}<DataHora>${r.dataHora}</DataHora></ConfirmacaoCancelamento></NfseCancelamento></RetCancelamento>`;
  return `<CancelarNfseResposta xmlns="${NAMESPACE_ABRASF}">${corpo}</CancelarNfseResposta>`;
}
