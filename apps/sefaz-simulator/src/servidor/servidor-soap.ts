import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import {
  acaoDoTipoConteudo,
  ErroEnvelopeSoap,
  lerEnvelopeSoap,
  montarFalhaSoap,
  montarRespostaSoap,
  servicoDoIdentificador,
} from '@emissor/fiscal-domain';
import { cnpjDoCliente, criarServidorMtls, lerCorpo, responder, type TlsSimulador } from '@emissor/testing';
import type { Logger } from 'pino';
import type { AutoridadeSimulada } from '../autoridade/autoridade';
import type { Particao } from '../repositorio/repositorio';
import { chavesDaMensagem, type Estatisticas, type RegistroFalhas } from './falhas';

export interface OpcoesServidorSoap {
  autoridade: AutoridadeSimulada;
  falhas: RegistroFalhas;
  estatisticas: Estatisticas;
  registro: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
  tls: TlsSimulador;
}

const CORPO_MAXIMO = 1024 * 1024;
/**
 * /producao/... and /homologacao/... : the environment a real SEFAZ tells apart by host name;
 * /sandbox/... : homologação rules, kept apart (the platform's sandbox is its own authority).
 * `?autorizador=SP` (SVRS, SVC-AN, ...): which authorizer the client meant — real authorizers share
 * paths (SVAN and SVC-AN, SVRS and SVC-RS differ only by host): the `autorizador` fault filter and the
 * SVC rules use it.
 */
const CAMINHO = /^\/(producao|homologacao|sandbox)(\/[^?]*)(?:\?autorizador=([A-Z]{2}|SVRS|SVAN|SVC-AN|SVC-RS))?$/;
const PARTICOES: Record<string, Particao> = { producao: 1, homologacao: 2, sandbox: 3 };

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The SEFAZ web services over HTTPS with a REQUIRED client certificate chained to a trusted CA (the
 * test CA or an ICP-Brasil root; the TLS handshake refuses anything else, as SEFAZ does), SOAP 1.2, any service path under
 * /producao or /homologacao (the service is named by the SOAP action and nfeDadosMsg's namespace).
 */
export function criarServidorSoap(o: OpcoesServidorSoap): Server {
  return criarServidorMtls(o.tls, (req, res) => tratar(o, req, res), {
    registro: o.registro,
    falhaInterna: montarFalhaSoap('Receiver', 'Erro interno do simulador'),
  });
}

async function tratar(o: OpcoesServidorSoap, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const caminho = CAMINHO.exec(req.url ?? '');
  if (req.method !== 'POST') return responder(res, 405, montarFalhaSoap('Sender', 'Use POST (SOAP 1.2)'));
  if (!caminho)
    return responder(res, 404, montarFalhaSoap('Sender', 'Endpoint desconhecido: use /producao/..., /homologacao/... ou /sandbox/...'));
  const corpo = await lerCorpo(req, CORPO_MAXIMO);
  if (corpo === null) return responder(res, 413, montarFalhaSoap('Sender', 'Mensagem maior que o permitido'));
  let mensagem: string;
  let namespace: string | null;
  try {
    ({ mensagem, namespace } = lerEnvelopeSoap(corpo, 'nfeDadosMsg'));
  } catch (erro) {
    const motivo = erro instanceof ErroEnvelopeSoap ? erro.message : 'Envelope SOAP inválido';
    return responder(res, 400, montarFalhaSoap('Sender', motivo));
  }
  const acao = acaoDoTipoConteudo(req.headers['content-type']);
  const servicoAcao = servicoDoIdentificador(acao);
  const servicoNs = servicoDoIdentificador(namespace);
  const servico = servicoNs ?? servicoAcao;
  if (!servico || (acao && servicoAcao !== servico)) {
    return responder(res, 400, montarFalhaSoap('Sender', 'Operação não reconhecida (action / namespace de nfeDadosMsg)'));
  }
  const cnpj = cnpjDoCliente(req.socket as TLSSocket);
  o.estatisticas.registrar(servico, chavesDaMensagem(mensagem));
  const autorizador = caminho[3] ?? null;
  const falha = o.falhas.consumir(servico, cnpj, autorizador);
  if (falha?.tipo === 'indisponivel' || falha?.tipo === 'fora_do_ar') {
    o.registro.info({ servico }, 'falha injetada: conexão derrubada');
    req.socket.destroy();
    return;
  }
  if (falha?.tipo === 'http503') {
    return responder(res, 503, '<html><body><h1>503 Service Unavailable</h1></body></html>', 'text/html');
  }
  if (falha?.tipo === 'lento') await esperar(falha.atraso_ms ?? 30_000);
  const resposta = await o.autoridade.atender({
    servico,
    ambiente: caminho[1] === 'producao' ? 1 : 2,
    particao: PARTICOES[caminho[1]],
    mensagem,
    cnpjTransmissor: cnpj,
    autorizador,
    loteEmProcessamento: falha?.tipo === 'em_processamento' ? { consultas: falha.consultas ?? 2 } : undefined,
  });
  responder(res, 200, montarRespostaSoap(servico, resposta));
}
