import { formatarPercentual, formatarValor } from '../../dinheiro';
import { normalizarDocumento, somenteDigitos } from '../../identificadores';
import { escaparXml } from '../../sefaz/xml-texto';
import { CODIGO_CANCELAMENTO_PADRAO, NAMESPACE_ABRASF, VERSAO_ABRASF } from './constantes';
import type { EnderecoAbrasf, IdentificacaoRpsAbrasf, LoteRpsAbrasf, RpsAbrasf } from './tipos';

/**
 * The ABRASF 2.04 requests, unsigned. Signing (assinarXml with InfDeclaracaoPrestacaoServico, then
 * LoteRps; InfPedidoCancelamento for a cancellation) inserts each Signature as the signed element's
 * next sibling, which is where the layout puts it.
 */
const el = (nome: string, valor: string | undefined | null): string =>
  valor === undefined || valor === null || valor === '' ? '' : `<${nome}>${escaparXml(valor)}</${nome}>`;
const simNao = (v: boolean) => (v ? '1' : '2');

/** Texts the layout limits (tsDiscriminacao 2000, tsRazaoSocial 150...): cut, never rejected by us. */
const limitar = (v: string | undefined, max: number) => (v === undefined ? undefined : v.length > max ? v.slice(0, max) : v);

function cpfCnpj(documento: string): string {
  const d = normalizarDocumento(documento);
  return d.length === 11 ? `<CpfCnpj><Cpf>${d}</Cpf></CpfCnpj>` : `<CpfCnpj><Cnpj>${escaparXml(d)}</Cnpj></CpfCnpj>`;
}

function identificacaoRps(r: IdentificacaoRpsAbrasf, nome = 'IdentificacaoRps'): string {
  return `<${nome}><Numero>${r.numero}</Numero><Serie>${escaparXml(r.serie)}</Serie><Tipo>${r.tipo}</Tipo></${nome}>`;
}

function prestador(p: { cnpj: string; inscricaoMunicipal?: string }): string {
  return `<Prestador>${cpfCnpj(p.cnpj)}${el('InscricaoMunicipal', p.inscricaoMunicipal)}</Prestador>`;
}

function endereco(e: EnderecoAbrasf): string {
  return (
    '<Endereco>' +
    el('Endereco', limitar(e.logradouro, 255)) +
    el('Numero', limitar(e.numero, 60)) +
    el('Complemento', limitar(e.complemento, 60)) +
    el('Bairro', limitar(e.bairro, 60)) +
    el('CodigoMunicipio', e.codigoMunicipio) +
    el('Uf', e.uf) +
    el('Cep', e.cep ? somenteDigitos(e.cep) : undefined) +
    '</Endereco>'
  );
}

/** `Id` of an RPS's InfDeclaracaoPrestacaoServico: unique in the batch, a valid XML ID. */
export const idDeclaracao = (r: IdentificacaoRpsAbrasf) => `Rps${r.tipo}_${r.serie.replace(/[^\w.-]/g, '_')}_${r.numero}`;

/** One `<Rps>` (tcDeclaracaoPrestacaoServico) of ListaRps, unsigned. */
export function montarRpsAbrasf(rps: RpsAbrasf): string {
  const s = rps.servico;
  const t = rps.tomador;
  const valores =
    '<Valores>' +
    `<ValorServicos>${formatarValor(s.valorServicos)}</ValorServicos>` +
    el('ValorIss', s.valorIss ? formatarValor(s.valorIss) : undefined) +
    el('Aliquota', s.aliquota ? formatarPercentual(s.aliquota) : undefined) +
    '</Valores>';
  const servico =
    '<Servico>' +
    valores +
    `<IssRetido>${simNao(s.issRetido)}</IssRetido>` +
    // 1 = the tomador withholds (tcDadosServico's ResponsavelRetencao: 1 tomador, 2 intermediário).
    (s.issRetido ? '<ResponsavelRetencao>1</ResponsavelRetencao>' : '') +
    el('ItemListaServico', s.itemListaServico) +
    el('CodigoCnae', s.codigoCnae ? somenteDigitos(s.codigoCnae) : undefined) +
    el('CodigoNbs', s.codigoNbs ? somenteDigitos(s.codigoNbs) : undefined) +
    el('Discriminacao', limitar(s.discriminacao, 2000)) +
    el('CodigoMunicipio', s.codigoMunicipio) +
    `<ExigibilidadeISS>${s.exigibilidadeIss ?? '1'}</ExigibilidadeISS>` +
    el('MunicipioIncidencia', s.municipioIncidencia ?? s.codigoMunicipio) +
    '</Servico>';
  const tomador = t
    ? '<TomadorServico>' +
      `<IdentificacaoTomador>${cpfCnpj(t.cpfCnpj)}${el('InscricaoMunicipal', t.inscricaoMunicipal)}</IdentificacaoTomador>` +
      el('RazaoSocial', limitar(t.razaoSocial, 150)) +
      (t.endereco ? endereco(t.endereco) : '') +
      (t.telefone || t.email ? `<Contato>${el('Telefone', limitar(t.telefone, 20))}${el('Email', limitar(t.email, 80))}</Contato>` : '') +
      '</TomadorServico>'
    : '';
  return (
    `<Rps><InfDeclaracaoPrestacaoServico Id="${idDeclaracao(rps.identificacao)}">` +
    `<Rps>${identificacaoRps(rps.identificacao)}<DataEmissao>${rps.dataEmissao}</DataEmissao><Status>1</Status></Rps>` +
    `<Competencia>${rps.competencia}</Competencia>` +
    servico +
    prestador(rps.prestador) +
    tomador +
    el('RegimeEspecialTributacao', rps.regimeEspecialTributacao) +
    `<OptanteSimplesNacional>${simNao(rps.optanteSimplesNacional)}</OptanteSimplesNacional>` +
    `<IncentivoFiscal>${simNao(rps.incentivoFiscal)}</IncentivoFiscal>` +
    el('InformacoesComplementares', limitar(rps.informacoesComplementares, 2000)) +
    '</InfDeclaracaoPrestacaoServico></Rps>'
  );
}

/** EnviarLoteRpsEnvio, unsigned: sign every InfDeclaracaoPrestacaoServico first, then LoteRps. */
export function montarEnviarLoteRpsEnvio(lote: LoteRpsAbrasf): string {
  if (!lote.rps.length) throw new Error('Lote sem RPS');
  return (
    `<EnviarLoteRpsEnvio xmlns="${NAMESPACE_ABRASF}">` +
    `<LoteRps Id="Lote${lote.numeroLote}" versao="${VERSAO_ABRASF}">` +
    `<NumeroLote>${lote.numeroLote}</NumeroLote>` +
    prestador(lote.prestador) +
    `<QuantidadeRps>${lote.rps.length}</QuantidadeRps>` +
    `<ListaRps>${lote.rps.map(montarRpsAbrasf).join('')}</ListaRps>` +
    '</LoteRps></EnviarLoteRpsEnvio>'
  );
}

export function montarConsultarLoteRpsEnvio(p: { prestador: { cnpj: string; inscricaoMunicipal?: string }; protocolo: string }): string {
  return `<ConsultarLoteRpsEnvio xmlns="${NAMESPACE_ABRASF}">${prestador(p.prestador)}<Protocolo>${escaparXml(p.protocolo)}</Protocolo></ConsultarLoteRpsEnvio>`;
}

export function montarConsultarNfseRpsEnvio(p: {
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  rps: IdentificacaoRpsAbrasf;
}): string {
  return `<ConsultarNfseRpsEnvio xmlns="${NAMESPACE_ABRASF}">${identificacaoRps(p.rps)}${prestador(p.prestador)}</ConsultarNfseRpsEnvio>`;
}

/** CancelarNfseEnvio, unsigned: sign InfPedidoCancelamento. */
export function montarCancelarNfseEnvio(p: {
  numeroNfse: string;
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  codigoMunicipio: string;
  codigoCancelamento?: string;
}): string {
  return (
    `<CancelarNfseEnvio xmlns="${NAMESPACE_ABRASF}"><Pedido>` +
    `<InfPedidoCancelamento Id="Cancelamento${somenteDigitos(p.numeroNfse)}">` +
    `<IdentificacaoNfse><Numero>${somenteDigitos(p.numeroNfse)}</Numero>${cpfCnpj(p.prestador.cnpj)}${el('InscricaoMunicipal', p.prestador.inscricaoMunicipal)}` +
    `<CodigoMunicipio>${p.codigoMunicipio}</CodigoMunicipio></IdentificacaoNfse>` +
    `<CodigoCancelamento>${p.codigoCancelamento ?? CODIGO_CANCELAMENTO_PADRAO}</CodigoCancelamento>` +
    '</InfPedidoCancelamento></Pedido></CancelarNfseEnvio>'
  );
}

/** The `cabecalho` every operation carries in nfseCabecMsg. */
export const montarCabecalhoAbrasf = () =>
  `<cabecalho xmlns="${NAMESPACE_ABRASF}" versao="${VERSAO_ABRASF}"><versaoDados>${VERSAO_ABRASF}</versaoDados></cabecalho>`;
