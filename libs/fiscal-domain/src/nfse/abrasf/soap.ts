import { conteudoElemento, escaparXml, localizarElemento, semDeclaracao, textoElemento } from '../../sefaz/xml-texto';
import { ehOperacaoAbrasf, NAMESPACE_WS_ABRASF, type OperacaoAbrasf } from './constantes';
import { montarCabecalhoAbrasf } from './montar';

/**
 * The ABRASF 2.04 web service envelope (SOAP 1.2, document/literal): the operation's `{Op}Request`
 * carries two strings, `nfseCabecMsg` (the cabecalho) and `nfseDadosMsg` (the message), both XML
 * escaped as text; the answer `{Op}Response` carries `outputXML`. The action travels in Content-Type.
 */
export const NAMESPACE_SOAP12_ABRASF = 'http://www.w3.org/2003/05/soap-envelope';

export const acaoSoapAbrasf = (operacao: OperacaoAbrasf) => `${NAMESPACE_WS_ABRASF}/${operacao}`;
export const tipoConteudoSoapAbrasf = (operacao: OperacaoAbrasf) =>
  `application/soap+xml; charset=utf-8; action="${acaoSoapAbrasf(operacao)}"`;

const envelope = (corpo: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap12:Envelope xmlns:soap12="${NAMESPACE_SOAP12_ABRASF}"><soap12:Body>${corpo}</soap12:Body></soap12:Envelope>`;

export function montarRequisicaoSoapAbrasf(operacao: OperacaoAbrasf, mensagem: string): string {
  return envelope(
    `<${operacao}Request xmlns="${NAMESPACE_WS_ABRASF}">` +
      `<nfseCabecMsg>${escaparXml(montarCabecalhoAbrasf())}</nfseCabecMsg>` +
      `<nfseDadosMsg>${escaparXml(semDeclaracao(mensagem))}</nfseDadosMsg>` +
      `</${operacao}Request>`,
  );
}

export function montarRespostaSoapAbrasf(operacao: OperacaoAbrasf, mensagem: string): string {
  return envelope(
    `<${operacao}Response xmlns="${NAMESPACE_WS_ABRASF}"><outputXML>${escaparXml(semDeclaracao(mensagem))}</outputXML></${operacao}Response>`,
  );
}

export function montarFalhaSoapAbrasf(codigo: 'Sender' | 'Receiver', motivo: string): string {
  return envelope(
    `<soap12:Fault><soap12:Code><soap12:Value>soap12:${codigo}</soap12:Value></soap12:Code>` +
      `<soap12:Reason><soap12:Text xml:lang="pt-BR">${escaparXml(motivo)}</soap12:Text></soap12:Reason></soap12:Fault>`,
  );
}

export class ErroSoapAbrasf extends Error {
  constructor(
    mensagem: string,
    readonly falha?: { codigo: string; motivo: string },
  ) {
    super(mensagem);
    this.name = 'ErroSoapAbrasf';
  }
}

function corpoSoap(xml: string): string {
  let corpo: string | null;
  try {
    if (!localizarElemento(xml, 'Envelope')) throw new ErroSoapAbrasf('Não é um envelope SOAP');
    corpo = conteudoElemento(xml, 'Body');
  } catch (erro) {
    if (erro instanceof ErroSoapAbrasf) throw erro;
    throw new ErroSoapAbrasf(`Envelope SOAP malformado: ${(erro as Error).message}`);
  }
  if (corpo === null) throw new ErroSoapAbrasf('Envelope SOAP sem Body');
  if (localizarElemento(corpo, 'Fault')) {
    const codigo = textoElemento(corpo, 'Value') ?? textoElemento(corpo, 'faultcode') ?? 'desconhecido';
    const motivo = textoElemento(corpo, 'Text') ?? textoElemento(corpo, 'faultstring') ?? '';
    throw new ErroSoapAbrasf(`SOAP Fault ${codigo}: ${motivo}`, { codigo, motivo });
  }
  return corpo;
}

/** The municipality's side: which operation, and the message inside nfseDadosMsg. */
export function lerRequisicaoSoapAbrasf(xml: string): { operacao: OperacaoAbrasf; mensagem: string } {
  const corpo = corpoSoap(xml);
  const m = /<(?:[\w.-]+:)?(\w+)Request[\s>]/.exec(corpo);
  if (!m || !ehOperacaoAbrasf(m[1])) throw new ErroSoapAbrasf('Operação ABRASF não reconhecida');
  const dados = textoElemento(corpo, 'nfseDadosMsg');
  if (!dados) throw new ErroSoapAbrasf('nfseDadosMsg ausente ou vazio');
  return { operacao: m[1], mensagem: semDeclaracao(dados) };
}

/** The client's side: the message inside outputXML (throws ErroSoapAbrasf for a Fault). */
export function lerRespostaSoapAbrasf(xml: string, operacao: OperacaoAbrasf): string {
  const corpo = corpoSoap(xml);
  if (!localizarElemento(corpo, `${operacao}Response`)) throw new ErroSoapAbrasf(`Resposta sem ${operacao}Response`);
  const saida = textoElemento(corpo, 'outputXML');
  if (!saida) throw new ErroSoapAbrasf('outputXML ausente ou vazio');
  return semDeclaracao(saida);
}
