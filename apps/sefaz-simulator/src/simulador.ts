import { readFileSync } from 'node:fs';
import type { Server as ServidorHttp } from 'node:http';
import type { Server as ServidorHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { carregarEsquemasNfe, criarValidadorXsd, raizesIcpBrasil, type ValidadorXsd } from '@emissor/fiscal-domain';
import { ARQUIVO_CERTIFICADO_AC, carregarOuCriarAcTeste, emitirCertificadoServidor } from '@emissor/testing';
import type { Logger } from 'pino';
import { AutoridadeSimulada } from './autoridade/autoridade';
import type { RepositorioSimulador } from './repositorio/repositorio';
import { criarServidorControle } from './servidor/servidor-controle';
import { Estatisticas, RegistroFalhas } from './servidor/falhas';
import { criarServidorSoap } from './servidor/servidor-soap';

export interface OpcoesSimulador {
  repo: RepositorioSimulador;
  acDir: string;
  /** DNS names added to the server certificate's subjectAltName next to the loopback ones. */
  nomesServidor?: readonly string[];
  /**
   * CAs trusted for client certificates besides the test CA. Default: the ICP-Brasil roots, so a
   * real company's A1 certificate passes the handshake (its sandbox notes always come here).
   */
  acsClientes?: readonly string[];
  host: string;
  porta: number;
  portaTls: number;
  tempoMedioSegundos: number;
  registro: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
}

export interface SimuladorEmExecucao {
  portaControle: number;
  portaTls: number;
  falhas: RegistroFalhas;
  estatisticas: Estatisticas;
  parar(): Promise<void>;
}

/** Always in the server certificate: local runs and tests dial loopback. */
const NOMES_LOOPBACK = ['127.0.0.1', 'localhost', '::1'];

const ouvir = (s: ServidorHttp | ServidorHttps, porta: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    s.once('error', reject);
    s.listen(porta, host, () => resolve((s.address() as AddressInfo).port));
  });

const fechar = (s: ServidorHttp | ServidorHttps) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve());
    s.closeAllConnections();
  });

/**
 * Starts the simulator: the test CA from `acDir` (created there when absent), a server certificate
 * issued from it for this start (loopback plus `nomesServidor`), the HTTPS SOAP port and the HTTP
 * control port. Also used in-process by unit tests (with the in-memory store and port 0).
 */
export async function iniciarSimulador(o: OpcoesSimulador): Promise<SimuladorEmExecucao> {
  const ac = carregarOuCriarAcTeste(o.acDir);
  const acPem = readFileSync(join(o.acDir, ARQUIVO_CERTIFICADO_AC), 'utf8');
  const servidorTls = emitirCertificadoServidor({ ac, hosts: [...new Set([...NOMES_LOOPBACK, ...(o.nomesServidor ?? [])])] });
  const validador: ValidadorXsd = criarValidadorXsd(carregarEsquemasNfe());
  const falhas = new RegistroFalhas();
  const estatisticas = new Estatisticas();
  const autoridade = new AutoridadeSimulada(o.repo, validador, { tempoMedioSegundos: o.tempoMedioSegundos });
  const soap = criarServidorSoap({
    autoridade,
    falhas,
    estatisticas,
    registro: o.registro,
    certificadoPem: [servidorTls.certificadoPem, ...servidorTls.cadeiaPem].join('\n'),
    chavePrivadaPem: servidorTls.chavePrivadaPem,
    acsClientes: [acPem, ...(o.acsClientes ?? raizesIcpBrasil())],
  });
  soap.on('tlsClientError', (erro: Error) => o.registro.debug({ erro: erro.message }, 'handshake TLS recusado'));
  const controle = criarServidorControle({ falhas, estatisticas, repo: o.repo });
  const portaTls = await ouvir(soap, o.portaTls, o.host);
  const portaControle = await ouvir(controle, o.porta, o.host);
  return {
    portaControle,
    portaTls,
    falhas,
    estatisticas,
    async parar() {
      await Promise.all([fechar(soap), fechar(controle)]);
      await validador.encerrar();
    },
  };
}
