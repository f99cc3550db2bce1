import { conteudoElemento, extrairElementos } from '../../sefaz/xml-texto';
import { filho, filhos, lerArvoreXml, type NoXml, textoEm } from '../../sefaz/arvore-xml';
import { NAMESPACE_ABRASF } from './constantes';
import type { IdentificacaoRpsAbrasf, MensagemRetornoAbrasf, NfseAbrasf } from './tipos';

/** Reading the ABRASF 2.04 messages: the municipality's answers (client side) and requests (simulator side). */

const identificacao = (no: NoXml | undefined): IdentificacaoRpsAbrasf | null =>
  no ? { numero: textoEm(no, 'Numero') ?? '', serie: textoEm(no, 'Serie') ?? '', tipo: textoEm(no, 'Tipo') ?? '' } : null;

const cpfCnpjDe = (no: NoXml | undefined): string | undefined => textoEm(no, 'CpfCnpj', 'Cnpj') ?? textoEm(no, 'CpfCnpj', 'Cpf');

function mensagens(raiz: NoXml): MensagemRetornoAbrasf[] {
  const saida: MensagemRetornoAbrasf[] = [];
  for (const lista of [...filhos(raiz, 'ListaMensagemRetorno'), ...filhos(raiz, 'ListaMensagemRetornoLote')]) {
    for (const m of filhos(lista, 'MensagemRetorno')) {
      const r: MensagemRetornoAbrasf = { codigo: textoEm(m, 'Codigo') ?? '', mensagem: textoEm(m, 'Mensagem') ?? '' };
      const correcao = textoEm(m, 'Correcao');
      if (correcao) r.correcao = correcao;
      const id = identificacao(filho(m, 'IdentificacaoRps'));
      if (id) r.identificacaoRps = id;
      saida.push(r);
    }
  }
  return saida;
}

function nfseDe(comp: NoXml): NfseAbrasf | null {
  const inf = filho(filho(comp, 'Nfse'), 'InfNfse');
  if (!inf) return null;
  const declaracao = filho(filho(inf, 'DeclaracaoPrestacaoServico'), 'InfDeclaracaoPrestacaoServico');
  return {
    numero: textoEm(inf, 'Numero') ?? '',
    codigoVerificacao: textoEm(inf, 'CodigoVerificacao') ?? '',
    dataEmissao: textoEm(inf, 'DataEmissao') ?? '',
    identificacaoRps: identificacao(filho(filho(declaracao, 'Rps'), 'IdentificacaoRps')),
    cancelada: !!filho(comp, 'NfseCancelamento'),
  };
}

/** EnviarLoteRpsResposta: the protocol, or the messages of a batch refused on reception. */
export function lerEnviarLoteRpsResposta(
  xml: string,
): { aceito: true; protocolo: string; numeroLote: string; dataRecebimento: string } | { aceito: false; erros: MensagemRetornoAbrasf[] } {
  const raiz = lerArvoreXml(xml);
  const protocolo = textoEm(raiz, 'Protocolo');
  if (protocolo)
    return {
      aceito: true,
      protocolo,
      numeroLote: textoEm(raiz, 'NumeroLote') ?? '',
      dataRecebimento: textoEm(raiz, 'DataRecebimento') ?? '',
    };
  const erros = mensagens(raiz);
  return { aceito: false, erros: erros.length ? erros : [{ codigo: '', mensagem: 'Resposta sem protocolo nem mensagens' }] };
}

/** A CompNfse cut out of an answer, standing alone: its namespace (inherited in the answer) declared on it. */
const compNfseAvulsa = (texto: string | undefined) =>
  texto === undefined
    ? undefined
    : /^<CompNfse[\s>][^>]*xmlns=/.test(texto)
      ? texto
      : texto.replace(/^<CompNfse/, `<CompNfse xmlns="${NAMESPACE_ABRASF}"`);

/** ConsultarLoteRpsResposta: Situacao (1..4), the NFS-e of a processed batch, or its messages. */
export function lerConsultarLoteRpsResposta(xml: string): { situacao: string; nfses: NfseAbrasf[]; erros: MensagemRetornoAbrasf[] } {
  const raiz = lerArvoreXml(xml);
  const textos = extrairElementos(conteudoElemento(xml, 'ListaNfse') ?? '', 'CompNfse');
  const nfses = filhos(filho(raiz, 'ListaNfse'), 'CompNfse')
    .map((no, i) => {
      const n = nfseDe(no);
      const texto = compNfseAvulsa(textos[i]);
      return n && texto ? { ...n, xml: texto } : n;
    })
    .filter((n): n is NfseAbrasf => n !== null);
  return { situacao: textoEm(raiz, 'Situacao') ?? '', nfses, erros: mensagens(raiz) };
}

/** ConsultarNfseRpsResposta: the NFS-e of that RPS, or null with the messages (not found...). */
export function lerConsultarNfseRpsResposta(xml: string): { nfse: NfseAbrasf | null; erros: MensagemRetornoAbrasf[] } {
  const raiz = lerArvoreXml(xml);
  const comp = filho(raiz, 'CompNfse');
  const n = comp ? nfseDe(comp) : null;
  const texto = compNfseAvulsa(extrairElementos(xml, 'CompNfse')[0]);
  return { nfse: n && texto ? { ...n, xml: texto } : n, erros: mensagens(raiz) };
}

/** CancelarNfseResposta: accepted (with the cancellation instant) or the messages. */
export function lerCancelarNfseResposta(
  xml: string,
): { aceito: true; dataHora: string } | { aceito: false; erros: MensagemRetornoAbrasf[] } {
  const raiz = lerArvoreXml(xml);
  const confirmacao = filho(filho(filho(raiz, 'RetCancelamento'), 'NfseCancelamento'), 'ConfirmacaoCancelamento');
  if (confirmacao) return { aceito: true, dataHora: textoEm(confirmacao, 'DataHora') ?? '' };
  const erros = mensagens(raiz);
  return { aceito: false, erros: erros.length ? erros : [{ codigo: '', mensagem: 'Resposta sem confirmação nem mensagens' }] };
}

// --- the municipality's side -------------------------------------------------------------

export interface RpsRecebido {
  identificacao: IdentificacaoRpsAbrasf;
  competencia: string;
  valorServicos: string;
  valorIss?: string;
  aliquota?: string;
  /** IssRetido 1: the tomador withholds the ISS. */
  issRetido: boolean;
  codigoMunicipio: string;
  tomadorCpfCnpj?: string;
  prestadorCnpj?: string;
  /** The `<Rps>` element as received (InfDeclaracaoPrestacaoServico and its Signature). */
  xml: string;
}

export interface LoteRecebido {
  numeroLote: string;
  prestador: { cnpj: string; inscricaoMunicipal?: string };
  quantidadeRps: number;
  rps: RpsRecebido[];
}

/** EnviarLoteRpsEnvio (already structurally valid). */
export function lerEnviarLoteRpsEnvio(xml: string): LoteRecebido {
  const raiz = lerArvoreXml(xml);
  const lote = filho(raiz, 'LoteRps');
  const elementos = extrairElementos(conteudoElemento(xml, 'ListaRps') ?? '', 'Rps');
  const rps = filhos(filho(lote, 'ListaRps'), 'Rps').map((no, i): RpsRecebido => {
    const inf = filho(no, 'InfDeclaracaoPrestacaoServico');
    const valores = filho(filho(inf, 'Servico'), 'Valores');
    return {
      identificacao: identificacao(filho(filho(inf, 'Rps'), 'IdentificacaoRps')) ?? { numero: '', serie: '', tipo: '' },
      competencia: textoEm(inf, 'Competencia') ?? '',
      valorServicos: textoEm(valores, 'ValorServicos') ?? '0',
      valorIss: textoEm(valores, 'ValorIss'),
      aliquota: textoEm(valores, 'Aliquota'),
      issRetido: textoEm(inf, 'Servico', 'IssRetido') === '1',
      codigoMunicipio: textoEm(inf, 'Servico', 'CodigoMunicipio') ?? '',
      tomadorCpfCnpj: cpfCnpjDe(filho(filho(inf, 'TomadorServico'), 'IdentificacaoTomador')),
      prestadorCnpj: cpfCnpjDe(filho(inf, 'Prestador')),
      xml: elementos[i] ?? '',
    };
  });
  const p = filho(lote, 'Prestador');
  return {
    numeroLote: textoEm(lote, 'NumeroLote') ?? '',
    prestador: { cnpj: cpfCnpjDe(p) ?? '', inscricaoMunicipal: textoEm(p, 'InscricaoMunicipal') },
    quantidadeRps: Number(textoEm(lote, 'QuantidadeRps') ?? '0'),
    rps,
  };
}

export function lerConsultarLoteRpsEnvio(xml: string): { cnpj: string; protocolo: string } {
  const raiz = lerArvoreXml(xml);
  return { cnpj: cpfCnpjDe(filho(raiz, 'Prestador')) ?? '', protocolo: textoEm(raiz, 'Protocolo') ?? '' };
}

export function lerConsultarNfseRpsEnvio(xml: string): { cnpj: string; rps: IdentificacaoRpsAbrasf } {
  const raiz = lerArvoreXml(xml);
  return { cnpj: cpfCnpjDe(filho(raiz, 'Prestador')) ?? '', rps: identificacao(filho(raiz, 'IdentificacaoRps'))! };
}

export function lerCancelarNfseEnvio(xml: string): {
  numero: string;
  cnpj: string;
  codigoMunicipio: string;
  codigoCancelamento: string;
  pedido: string;
} {
  const raiz = lerArvoreXml(xml);
  const inf = filho(filho(raiz, 'Pedido'), 'InfPedidoCancelamento');
  const id = filho(inf, 'IdentificacaoNfse');
  return {
    numero: textoEm(id, 'Numero') ?? '',
    cnpj: cpfCnpjDe(id) ?? '',
    codigoMunicipio: textoEm(id, 'CodigoMunicipio') ?? '',
    codigoCancelamento: textoEm(inf, 'CodigoCancelamento') ?? '',
    pedido: extrairElementos(xml, 'Pedido')[0] ?? '',
  };
}
