import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import {
  compactarXml,
  descompactarXml,
  ErroSoapAbrasf,
  lerRequisicaoSoapAbrasf,
  montarFalhaSoapAbrasf,
  montarRespostaSoapAbrasf,
  type OperacaoAbrasf,
} from '@emissor/fiscal-domain';
import { cnpjDoCliente, criarServidorMtls, lerCorpo, responder, type TlsSimulador } from '@emissor/testing';
import type { Logger } from 'pino';
import type { Estatisticas, RegistroFalhas } from './falhas';
import type { MunicipioSimulado } from './municipio';
import type { AmbienteSimulado, Autoridade } from './sefin-nacional';

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
 * (the test CA or an ICP-Brasil root; the handshake refuses anything else), SOAP 1.2 (the operation
 * named by `{Op}Request`); and on the same port the Sefin Nacional REST API (JSON).
 */
export function criarServidorSoap(o: OpcoesServidorSoap): Server {
  return criarServidorMtls(o.tls, (req, res) => tratar(o, req, res), {
    registro: o.registro,
    falhaInterna: montarFalhaSoapAbrasf('Receiver', 'Erro interno do simulador'),
  });
}

/** The Sefin Nacional API of the official OpenAPI, under /producao/SefinNacional and /homologacao/SefinNacional. */
const CAMINHO_NACIONAL = /^\/(producao|homologacao)\/SefinNacional(\/[^?]*)(?:\?.*)?$/;
const TIPO_JSON = 'application/json; charset=utf-8';

/** The simulator signs the NFS-e and events it issues with its own (test CA) certificate, as the authority signs with its own. */
function autoridadeDe(tls: TlsSimulador): Autoridade {
  const primeiro = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(tls.certificadoPem)?.[1] ?? '';
  return { chavePrivada: tls.chavePrivadaPem, certificadoDerBase64: primeiro.replace(/\s+/g, '') };
}
const autoridades = new WeakMap<TlsSimulador, Autoridade>();

/**
 * One national request: the same fault types as the SOAP side, each route counted under the ABRASF
 * operation it corresponds to (POST /nfse = RecepcionarLoteRps, GET /dps and /nfse = ConsultarNfsePorRps,
 * POST /nfse/{chave}/eventos = CancelarNfse), so `operacao` in a fault selects national calls too.
 */
async function tratarNacional(
  o: OpcoesServidorSoap,
  req: IncomingMessage,
  res: ServerResponse,
  ambiente: AmbienteSimulado,
  rota: string,
): Promise<void> {
  const metodo = req.method ?? '';
  const emissao = rota === '/nfse' || rota === '/nfse/';
  const dps = /^\/dps\/([^/]+)$/.exec(rota);
  const nfse = /^\/nfse\/([^/]+)$/.exec(rota);
  const evento = /^\/nfse\/([^/]+)\/eventos$/.exec(rota);
  const operacao: OperacaoAbrasf | null =
    emissao && metodo === 'POST'
      ? 'RecepcionarLoteRps'
      : evento && metodo === 'POST'
        ? 'CancelarNfse'
        : (dps && (metodo === 'GET' || metodo === 'HEAD')) || (nfse && metodo === 'GET')
          ? 'ConsultarNfsePorRps'
          : null;
  const erroJson = (status: number, descricao: string) =>
    responder(res, status, JSON.stringify({ erro: { codigo: String(status), descricao } }), TIPO_JSON);
  if (!operacao) return erroJson(emissao || dps || nfse || evento ? 405 : 404, `Rota não atendida: ${metodo} ${rota}`);
  const corpo = metodo === 'POST' ? await lerCorpo(req, CORPO_MAXIMO) : '';
  if (corpo === null) return erroJson(413, 'Mensagem maior que o permitido');
  const cnpj = cnpjDoCliente(req.socket as TLSSocket);
  o.estatisticas.registrar(operacao, cnpj);
  const falhas = o.falhas.consumir(operacao, cnpj);
  const falha = (tipo: string) => falhas.find((f) => f.tipo === tipo);
  if (falha('indisponivel')) {
    o.registro.info({ rota }, 'falha injetada: conexão derrubada');
    req.socket.destroy();
    return;
  }
  if (falha('http503')) return responder(res, 503, '<html><body><h1>503 Service Unavailable</h1></body></html>', 'text/html');
  let autoridade = autoridades.get(o.tls);
  if (!autoridade) autoridades.set(o.tls, (autoridade = autoridadeDe(o.tls)));
  const n = o.municipio.nacional;
  const r = emissao
    ? await n.emitir(ambiente, corpo, autoridade)
    : evento
      ? await n.registrarEvento(ambiente, decodeURIComponent(evento[1]), corpo, autoridade)
      : dps
        ? await n.consultarDps(ambiente, decodeURIComponent(dps[1]))
        : await n.consultarNfse(ambiente, decodeURIComponent(nfse?.[1] ?? ''));
  if (emissao) o.registro.info({ status: r.status, cnpj }, 'DPS recebida');
  const lento = falha('lento');
  if (lento) await new Promise((resolve) => setTimeout(resolve, lento.atraso_ms ?? 30_000));
  if (metodo === 'HEAD') {
    if (!res.writableEnded && !res.destroyed) res.writeHead(r.status).end();
    return;
  }
  responder(res, r.status, falha('nfse_sem_numero') ? nfseNacionalSemNumero(r.corpo) : r.corpo, TIPO_JSON);
}

async function tratar(o: OpcoesServidorSoap, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const nacional = CAMINHO_NACIONAL.exec(req.url ?? '');
  if (nacional) return tratarNacional(o, req, res, nacional[1] as AmbienteSimulado, nacional[2]);
  const caminho = CAMINHO.exec(req.url ?? '');
  if (req.method !== 'POST') return responder(res, 405, montarFalhaSoapAbrasf('Sender', 'Use POST (SOAP)'));
  if (!caminho)
    return responder(res, 404, montarFalhaSoapAbrasf('Sender', 'Endpoint desconhecido: use /producao/nfse ou /homologacao/nfse'));
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
  const resposta = falha('nfse_sem_numero') ? r.resposta.replace(/(<InfNfse\b[^>]*>)<Numero>[^<]*<\/Numero>/g, '$1') : r.resposta;
  responder(res, 200, montarRespostaSoapAbrasf(operacao, resposta));
}

/** Fault nfse_sem_numero on the national side: the NFSe inside the JSON answer (if any) loses its nNFSe. */
function nfseNacionalSemNumero(corpo: string): string {
  const json = JSON.parse(corpo) as Record<string, unknown>;
  if (typeof json.nfseXmlGZipB64 !== 'string') return corpo;
  json.nfseXmlGZipB64 = compactarXml(descompactarXml(json.nfseXmlGZipB64).replace(/<nNFSe>[^<]*<\/nNFSe>/, ''));
  return JSON.stringify(json);
}
