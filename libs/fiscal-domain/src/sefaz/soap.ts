import { conteudoElemento, escaparXml, localizarElemento, semDeclaracao, textoElemento } from './xml-texto';

/**
 * The NF-e 4.00 web services, SOAP 1.2 document/literal: the request body is
 * `<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/{Servico}">` around the message, the
 * answer `<nfeResultMsg>` in the same namespace; the action travels in the Content-Type. Since
 * layout 4.00 there is no `nfeCabecMsg` header (cUF and versaoDados went into the messages).
 */
export const SERVICOS_SEFAZ = {
  NFeAutorizacao4: { metodo: 'nfeAutorizacaoLote', versaoDados: '4.00' },
  NFeRetAutorizacao4: { metodo: 'nfeRetAutorizacaoLote', versaoDados: '4.00' },
  NFeConsultaProtocolo4: { metodo: 'nfeConsultaNF', versaoDados: '4.00' },
  NFeRecepcaoEvento4: { metodo: 'nfeRecepcaoEvento', versaoDados: '1.00' },
  NFeInutilizacao4: { metodo: 'nfeInutilizacaoNF', versaoDados: '4.00' },
  NFeStatusServico4: { metodo: 'nfeStatusServicoNF', versaoDados: '4.00' },
} as const;

export type ServicoSefaz = keyof typeof SERVICOS_SEFAZ;
export const LISTA_SERVICOS_SEFAZ = Object.keys(SERVICOS_SEFAZ) as ServicoSefaz[];

export const NAMESPACE_SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const PREFIXO_WSDL = 'http://www.portalfiscal.inf.br/nfe/wsdl/';

export const namespaceWsdl = (servico: ServicoSefaz): string => `${PREFIXO_WSDL}${servico}`;
export const acaoSoap = (servico: ServicoSefaz): string => `${namespaceWsdl(servico)}/${SERVICOS_SEFAZ[servico].metodo}`;

export function ehServicoSefaz(valor: unknown): valor is ServicoSefaz {
  return typeof valor === 'string' && Object.prototype.hasOwnProperty.call(SERVICOS_SEFAZ, valor);
}

/** The service named by a wsdl namespace or a SOAP action (`…/wsdl/NFeAutorizacao4[/nfeAutorizacaoLote]`). */
export function servicoDoIdentificador(valor: string | null | undefined): ServicoSefaz | null {
  if (!valor || !valor.startsWith(PREFIXO_WSDL)) return null;
  const [servico, metodo] = valor.slice(PREFIXO_WSDL.length).split('/');
  if (!ehServicoSefaz(servico)) return null;
  if (metodo !== undefined && metodo !== SERVICOS_SEFAZ[servico].metodo) return null;
  return servico;
}

/** `application/soap+xml; charset=utf-8; action="…"`, as the SEFAZ web services expect. */
export const tipoConteudoSoap = (servico: ServicoSefaz): string => `application/soap+xml; charset=utf-8; action="${acaoSoap(servico)}"`;

/** The `action` parameter of a SOAP 1.2 Content-Type, or null. */
export function acaoDoTipoConteudo(tipoConteudo: string | undefined): string | null {
  const m = /;\s*action\s*=\s*"?([^";]+)"?/i.exec(tipoConteudo ?? '');
  return m ? m[1].trim() : null;
}

function envelope(corpo: string): string {
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="${NAMESPACE_SOAP12}">` +
    `<soap12:Body>${corpo}</soap12:Body></soap12:Envelope>`
  );
}

/** Request envelope: the message (an XML document or element) inside nfeDadosMsg. */
export function montarEnvelopeSoap(servico: ServicoSefaz, mensagem: string): string {
  return envelope(`<nfeDadosMsg xmlns="${namespaceWsdl(servico)}">${semDeclaracao(mensagem)}</nfeDadosMsg>`);
}

/** Answer envelope (the simulator's side). */
export function montarRespostaSoap(servico: ServicoSefaz, mensagem: string): string {
  return envelope(`<nfeResultMsg xmlns="${namespaceWsdl(servico)}">${semDeclaracao(mensagem)}</nfeResultMsg>`);
}

/** A SOAP 1.2 Fault (`Sender`: the request is wrong; `Receiver`: the server failed). */
export function montarFalhaSoap(codigo: 'Sender' | 'Receiver', motivo: string): string {
  return envelope(
    `<soap12:Fault><soap12:Code><soap12:Value>soap12:${codigo}</soap12:Value></soap12:Code>` +
      `<soap12:Reason><soap12:Text xml:lang="pt-BR">${escaparXml(motivo)}</soap12:Text></soap12:Reason></soap12:Fault>`,
  );
}

export class ErroEnvelopeSoap extends Error {
  constructor(
    mensagem: string,
    /** Set when the envelope was a SOAP Fault. */
    readonly falha?: { codigo: string; motivo: string },
  ) {
    super(mensagem);
    this.name = 'ErroEnvelopeSoap';
  }
}

export interface EnvelopeLido {
  /** The message inside nfeDadosMsg / nfeResultMsg (e.g. `<retEnviNFe …>…</retEnviNFe>`). */
  mensagem: string;
  /** Namespace of nfeDadosMsg / nfeResultMsg (names the service). */
  namespace: string | null;
}

/**
 * Reads an envelope and returns the message inside `elemento` (nfeDadosMsg for requests,
 * nfeResultMsg for answers). Some authorizers wrap the answer in `<{metodo}Result>`; when
 * nfeResultMsg is absent the Body's content is taken as is. Throws ErroEnvelopeSoap for anything
 * that is not a SOAP envelope, and for a Fault (with its code and reason).
 */
export function lerEnvelopeSoap(xml: string, elemento: 'nfeDadosMsg' | 'nfeResultMsg'): EnvelopeLido {
  let corpo: string | null;
  try {
    if (!localizarElemento(xml, 'Envelope')) throw new ErroEnvelopeSoap('Resposta não é um envelope SOAP');
    corpo = conteudoElemento(xml, 'Body');
  } catch (erro) {
    if (erro instanceof ErroEnvelopeSoap) throw erro;
    throw new ErroEnvelopeSoap(`Envelope SOAP malformado: ${(erro as Error).message}`);
  }
  if (corpo === null) throw new ErroEnvelopeSoap('Envelope SOAP sem Body');
  if (localizarElemento(corpo, 'Fault')) {
    const codigo = textoElemento(corpo, 'Value') ?? textoElemento(corpo, 'faultcode') ?? 'desconhecido';
    const motivo = textoElemento(corpo, 'Text') ?? textoElemento(corpo, 'faultstring') ?? '';
    throw new ErroEnvelopeSoap(`SOAP Fault ${codigo}: ${motivo}`, { codigo, motivo });
  }
  const msg = localizarElemento(corpo, elemento);
  if (!msg) {
    const mensagem = corpo.trim();
    if (!mensagem.startsWith('<')) throw new ErroEnvelopeSoap(`Envelope SOAP sem ${elemento}`);
    return { mensagem, namespace: null };
  }
  const abertura = corpo.slice(msg.inicio, msg.inicioConteudo);
  const ns = /\sxmlns(?::\w+)?\s*=\s*"([^"]*)"/.exec(abertura);
  let mensagem = corpo.slice(msg.inicioConteudo, msg.fimConteudo).trim();
  // An extra wrapper some servers add (`<nfeAutorizacaoLoteResult>`): unwrap one level.
  const embrulho = /^<([\w.-]+Result)[\s>]/.exec(mensagem);
  if (embrulho) mensagem = (conteudoElemento(mensagem, embrulho[1]) ?? '').trim();
  return { mensagem, namespace: ns ? ns[1] : null };
}
