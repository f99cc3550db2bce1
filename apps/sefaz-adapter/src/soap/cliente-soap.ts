import { type Agent, request } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { ErroEnvelopeSoap, lerEnvelopeSoap, montarEnvelopeSoap, type ServicoSefaz, tipoConteudoSoap } from '@emissor/fiscal-domain';
import { certificadoRecusadoPeloServidor, descreverErroRede } from '@emissor/plataforma';

/**
 * Why a call failed, and whether the authority may have received it. That second part drives the
 * safety rules: a request that never left (no TLS connection) can simply be sent again; one that
 * may have arrived (timeout, reset, garbage answer) must be followed by a consultation first.
 */
export type FaseFalha = 'conexao' | 'resposta';

export class ErroComunicacaoSefaz extends Error {
  constructor(
    mensagem: string,
    readonly fase: FaseFalha,
    readonly detalhe: { codigo?: string; status?: number; tempoEsgotado?: boolean; tlsRecusado?: boolean } = {},
  ) {
    super(mensagem);
    this.name = 'ErroComunicacaoSefaz';
  }

  /** False only when the connection was never established: nothing reached the server. */
  get talvezEntregue(): boolean {
    return this.fase !== 'conexao';
  }
}

/**
 * TLS 1.2, as the MOC specifies for the web services. Pinning the maximum also makes a refused client
 * certificate fail inside the handshake (in TLS 1.3 the server judges it after our side finished, and
 * the refusal looks like a reset of a request that may have arrived).
 */
export const VERSOES_TLS = { minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' } as const;

export interface ChamadaSoap {
  url: URL;
  servico: ServicoSefaz;
  /** The message (retXxx answers come back the same way). */
  mensagem: string;
  agente: Agent;
  tempoLimiteMs: number;
}

const RESPOSTA_MAXIMA = 10 * 1024 * 1024;

/**
 * What a connection-level error of a call means. Only a TLS alert in which the server judged our
 * certificate is its refusal (`tlsRecusado`, the company's problem): nothing was handed to the web
 * service, even when (TLS 1.3) the alert comes after our side finished the handshake. Everything else
 * is a communication failure, never blamed on the certificate: a reset during the handshake (a server
 * killed mid-handshake, a network blip), our own check of the server's certificate, another alert;
 * it may have been delivered only once the TLS session was up (`conectado`).
 */
export function classificarFalhaConexao(
  erro: { code?: string; message?: string },
  conectado: boolean,
): { fase: FaseFalha; tlsRecusado: boolean } {
  if (certificadoRecusadoPeloServidor(erro)) return { fase: 'conexao', tlsRecusado: true };
  return { fase: conectado ? 'resposta' : 'conexao', tlsRecusado: false };
}

/**
 * One SOAP 1.2 call over HTTPS with the company's client certificate (mutual TLS through `agente`).
 * The whole call (connect, send, answer) is bounded by `tempoLimiteMs`. Resolves with the message
 * inside nfeResultMsg; rejects with ErroComunicacaoSefaz.
 */
export function chamarSoap(c: ChamadaSoap): Promise<string> {
  const corpo = Buffer.from(montarEnvelopeSoap(c.servico, c.mensagem), 'utf8');
  return new Promise<string>((resolve, reject) => {
    let conectado = false;
    let terminado = false;
    const fim = (erro: Error | null, valor = '') => {
      if (terminado) return;
      terminado = true;
      clearTimeout(relogio);
      if (erro) reject(erro);
      else resolve(valor);
    };
    const req = request(
      c.url,
      {
        method: 'POST',
        agent: c.agente,
        headers: { 'content-type': tipoConteudoSoap(c.servico), 'content-length': corpo.length, accept: 'application/soap+xml' },
      },
      (res) => {
        const partes: Buffer[] = [];
        let tamanho = 0;
        res.on('data', (p: Buffer) => {
          tamanho += p.length;
          if (tamanho > RESPOSTA_MAXIMA) {
            req.destroy();
            fim(new ErroComunicacaoSefaz('Resposta da SEFAZ grande demais', 'resposta', { status: res.statusCode }));
          } else partes.push(p);
        });
        res.on('error', (erro: NodeJS.ErrnoException) =>
          fim(new ErroComunicacaoSefaz(`Resposta interrompida: ${erro.message}`, 'resposta', { codigo: erro.code })),
        );
        res.on('end', () => {
          const texto = Buffer.concat(partes).toString('utf8');
          const status = res.statusCode ?? 0;
          try {
            // A SOAP Fault comes with 4xx/5xx; read the envelope whatever the status to report it.
            const { mensagem } = lerEnvelopeSoap(texto, 'nfeResultMsg');
            if (status < 200 || status >= 300) throw new ErroEnvelopeSoap(`HTTP ${status}`);
            fim(null, mensagem);
          } catch (erro) {
            const motivo = erro instanceof ErroEnvelopeSoap ? erro.message : String(erro);
            fim(new ErroComunicacaoSefaz(`Resposta inválida da SEFAZ (HTTP ${status}): ${motivo}`, 'resposta', { status }));
          }
        });
      },
    );
    const relogio = setTimeout(() => {
      const erro = new ErroComunicacaoSefaz(`Tempo esgotado após ${c.tempoLimiteMs} ms`, conectado ? 'resposta' : 'conexao', {
        tempoEsgotado: true,
      });
      req.destroy(erro);
      fim(erro);
    }, c.tempoLimiteMs);
    req.on('socket', (s) => {
      const socket = s as TLSSocket;
      // A reused keep-alive socket is connected already; a new one once its TLS handshake is done
      // (listened to only on new sockets: a kept-alive one would pile up listeners).
      if (!socket.connecting) conectado = true;
      else
        socket.once('secureConnect', () => {
          conectado = true;
        });
    });
    req.on('error', (erro: NodeJS.ErrnoException) => {
      if (erro instanceof ErroComunicacaoSefaz) return fim(erro);
      const { fase, tlsRecusado } = classificarFalhaConexao(erro, conectado);
      fim(
        new ErroComunicacaoSefaz(`Falha de comunicação com a SEFAZ: ${descreverErroRede(erro)}`, fase, {
          codigo: erro.code,
          tlsRecusado,
        }),
      );
    });
    req.end(corpo);
  });
}
