import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { ErroSoapAbrasf, lerRequisicaoSoapAbrasf, montarFalhaSoapAbrasf, montarRespostaSoapAbrasf } from '@emissor/fiscal-domain';
import { cnpjDoCliente, criarServidorMtls, lerCorpo, responder, type TlsSimulador } from '@emissor/testing';
import type { Logger } from 'pino';
import type { Estatisticas, RegistroFalhas } from './falhas';
import type { MunicipioSimulado } from './municipio';

export interface OpcoesServidorSoap {
  municipio: MunicipioSimulado;
  falhas: RegistroFalhas;
  estatisticas: Estatisticas;
  registro: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  tls: TlsSimulador;
  /** A batch was accepted: process it after this delay. */
  agendar(atrasoMs: number): void;
}

const CORPO_MAXIMO = 5 * 1024 * 1024;
/** /producao/nfse and /homologacao/nfse: the environments are separate bases, as at a municipality. */
const CAMINHO = /^\/(producao|homologacao)\/nfse\/?$/;

/**
 * The ABRASF 2.04 web service over HTTPS with a REQUIRED client certificate chained to a trusted CA
 * (the test CA or an ICP-Brasil root; the handshake refuses anything else), SOAP 1.2 (the operation named by `{Op}Request`).
 */
export function criarServidorSoap(o: OpcoesServidorSoap): Server {
  return criarServidorMtls(o.tls, (req, res) => tratar(o, req, res), { registro: o.registro, falhaInterna: montarFalhaSoapAbrasf('Receiver', 'Erro interno do simulador') });
}

async function tratar(o: OpcoesServidorSoap, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caminho = CAMINHO.exec(req.url ?? '');
  if (req.method !== 'POST') return responder(res, 405, montarFalhaSoapAbrasf('Sender', 'Use POST (SOAP)'));
  if (!caminho) return responder(res, 404, montarFalhaSoapAbrasf('Sender', 'Endpoint desconhecido: use /producao/nfse ou /homologacao/nfse'));
  const corpo = await lerCorpo(req, CORPO_MAXIMO);
  if (corpo === null) return responder(res, 413, montarFalhaSoapAbrasf('Sender', 'Mensagem maior que o permitido'));
  let operacao;
  let mensagem;
  try {
    ({ operacao, mensagem } = lerRequisicaoSoapAbrasf(corpo));
  } catch (erro) {
    return responder(res, 400, montarFalhaSoapAbrasf('Sender', erro instanceof ErroSoapAbrasf ? erro.message : 'Envelope SOAP inválido'));
  }
  const cnpj = cnpjDoCliente(req.socket as TLSSocket);
  o.estatisticas.registrar(operacao, cnpj);
  const falhas = o.falhas.consumir(operacao, cnpj);
  const falha = (tipo: string) => falhas.find((f) => f.tipo === tipo);
  if (falha('indisponivel')) {
    o.registro.info({ operacao }, 'falha injetada: conexão derrubada');
    req.socket.destroy();
    return;
  }
  if (falha('http503')) return responder(res, 503, '<html><body><h1>503 Service Unavailable</h1></body></html>', 'text/html');
  const r = await o.municipio.atender({
    operacao,
    ambiente: caminho[1] as 'producao' | 'homologacao',
    mensagem,
    cnpjTransmissor: cnpj,
    atrasoProcessamentoMs: falha('processamento_lento') ? (falha('processamento_lento')!.atraso_ms ?? 30_000) : undefined,
  });
  if (r.protocolo) {
    o.registro.info({ operacao, protocolo: r.protocolo, cnpj }, 'lote recebido');
    o.agendar(r.atrasoMs ?? 0);
  }
  const lento = falha('lento');
  if (lento) await new Promise((resolve) => setTimeout(resolve, lento.atraso_ms ?? 30_000));
  responder(res, 200, montarRespostaSoapAbrasf(operacao, r.resposta));
}
