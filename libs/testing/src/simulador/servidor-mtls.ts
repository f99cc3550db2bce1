import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage, Server as ServidorHttp, ServerResponse } from 'node:http';
import { createServer, type Server as ServidorHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { cnpjDoCertificado } from '@emissor/fiscal-domain';
import { raizesIcpBrasil } from '@emissor/plataforma';
import { ARQUIVO_CERTIFICADO_AC, carregarOuCriarAcTeste, emitirCertificadoServidor } from '../certificados';

/**
 * What the two simulators (SEFAZ, municipality) share: an HTTPS server that demands a client
 * certificate, as the authorities do, and the small HTTP helpers around it.
 */
export interface TlsSimulador {
  /** Server certificate and its chain. */
  certificadoPem: string;
  chavePrivadaPem: string;
  /** CAs trusted for client certificates. */
  acsClientes: readonly string[];
}

/** Always in the server certificate: local runs and tests dial loopback. */
const NOMES_LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

/**
 * The test CA from `acDir` (created there when absent) and a server certificate issued from it for
 * this start (loopback plus `nomesServidor`). Client certificates are trusted when they chain to the
 * test CA or to `acsClientes` (default: the ICP-Brasil roots, so a real company's A1 certificate
 * passes the handshake: its sandbox documents always come to a simulator).
 */
export function prepararTlsSimulador(o: {
  acDir: string;
  nomesServidor?: readonly string[];
  acsClientes?: readonly string[];
}): TlsSimulador {
  const ac = carregarOuCriarAcTeste(o.acDir);
  const acPem = readFileSync(join(o.acDir, ARQUIVO_CERTIFICADO_AC), 'utf8');
  const servidor = emitirCertificadoServidor({ ac, hosts: [...new Set([...NOMES_LOOPBACK, ...(o.nomesServidor ?? [])])] });
  return {
    certificadoPem: [servidor.certificadoPem, ...servidor.cadeiaPem].join('\n'),
    chavePrivadaPem: servidor.chavePrivadaPem,
    acsClientes: [acPem, ...(o.acsClientes ?? raizesIcpBrasil())],
  };
}

/** Verification failures of a client certificate that is otherwise trusted: out of its validity period. */
const FORA_DA_VALIDADE = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);

/**
 * HTTPS with a REQUIRED client certificate chained to a trusted CA, as the authorities do. A
 * certificate that does not chain (or none) is dropped right after the handshake, as Node's
 * rejectUnauthorized does. An expired (or not yet valid) one is answered HTTP 403 as IIS, in front
 * of SEFAZ's .asmx services, answers it (403.17): a refusal the client can tell from a dropped
 * connection (a Node TLS server cannot send a TLS alert about the certificate, and a reset in the
 * handshake is what a stopped server or a network blip looks like too). A rejected promise of
 * `atender` is logged and answered 500 with `falhaInterna` (the simulator's SOAP fault).
 */
export function criarServidorMtls(
  tls: TlsSimulador,
  atender: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  o: { registro: { error(dados: object, mensagem: string): void }; falhaInterna: string },
): ServidorHttps {
  const servidor = createServer(
    // rejectUnauthorized is ours to apply (below): OpenSSL lets every verified or unverified certificate through.
    {
      key: tls.chavePrivadaPem,
      cert: tls.certificadoPem,
      ca: [...tls.acsClientes],
      requestCert: true,
      rejectUnauthorized: false,
      minVersion: 'TLSv1.2',
    },
    (req, res) => {
      const socket = req.socket as TLSSocket;
      if (!socket.authorized) {
        res.setHeader('connection', 'close');
        return responder(
          res,
          403,
          '<html><body><h2>403.17 - Forbidden: Client certificate has expired or is not yet valid.</h2></body></html>',
          'text/html; charset=utf-8',
        );
      }
      atender(req, res).catch((erro: Error) => {
        o.registro.error({ erro: erro.message }, 'falha ao atender requisição SOAP');
        responder(res, 500, o.falhaInterna);
      });
    },
  );
  // Before the HTTP layer sees the connection: only a certificate out of its validity reaches it (403 above).
  servidor.prependListener('secureConnection', (socket: TLSSocket) => {
    if (!socket.authorized && !FORA_DA_VALIDADE.has(String(socket.authorizationError))) socket.destroy();
  });
  // Longer than the clients' idle timeout, so a client never reuses a connection we are closing.
  servidor.keepAliveTimeout = 65_000;
  servidor.headersTimeout = 66_000;
  return servidor;
}

/** Both authorities speak SOAP 1.2. */
const TIPO_SOAP = 'application/soap+xml; charset=utf-8';

/** Writes a whole answer (SOAP unless `tipo` says otherwise), unless the connection is already gone (a fault injection closed it). */
export function responder(res: ServerResponse, status: number, corpo: string, tipo = TIPO_SOAP): void {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': tipo, 'content-length': Buffer.byteLength(corpo) });
  res.end(corpo);
}

/** The request body as text, or null past `maximo` bytes (the rest is drained, not kept). */
export function lerCorpo(req: IncomingMessage, maximo: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    let tamanho = 0;
    req.on('data', (p: Buffer) => {
      tamanho += p.length;
      if (tamanho > maximo) {
        resolve(null);
        req.resume();
        return;
      }
      partes.push(p);
    });
    req.on('end', () => resolve(Buffer.concat(partes).toString('utf8')));
    req.on('error', reject);
  });
}

const cnpjsPorSocket = new WeakMap<TLSSocket, string | null>();

/** CNPJ of the client certificate of this connection (parsed once per connection), null when it has none. */
export function cnpjDoCliente(socket: TLSSocket): string | null {
  const conhecido = cnpjsPorSocket.get(socket);
  if (conhecido !== undefined) return conhecido;
  const raw = socket.getPeerCertificate()?.raw;
  let cnpj: string | null = null;
  if (raw) {
    try {
      new X509Certificate(raw);
      cnpj = cnpjDoCertificado(raw);
    } catch {
      cnpj = null;
    }
  }
  cnpjsPorSocket.set(socket, cnpj);
  return cnpj;
}

export const ouvir = (s: ServidorHttp | ServidorHttps, porta: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    s.once('error', reject);
    s.listen(porta, host, () => resolve((s.address() as AddressInfo).port));
  });

export const fechar = (s: ServidorHttp | ServidorHttps) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve());
    s.closeAllConnections();
  });
