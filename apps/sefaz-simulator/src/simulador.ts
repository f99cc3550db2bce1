import type { ValidadorXsd } from '@emissor/fiscal-domain';
import { carregarEsquemasNfe, criarValidadorXsd } from '@emissor/plataforma';
import { criarServidorControle, fechar, ForaDoAr, ouvir, prepararTlsSimulador } from '@emissor/testing';
import type { Logger } from 'pino';
import { AutoridadeSimulada, type OpcoesAutoridade } from './autoridade/autoridade';
import type { RepositorioSimulador } from './repositorio/repositorio';
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
  /** SIMULADOR_EXIGIR_IBS_CBS: reject a regime-3 note without IBSCBS (1115). */
  exigirIbsCbs?: boolean;
  /** RESPONSAVEL_TECNICO_CSRT_<UF>: the CSRTs this SEFAZ knows, to check hashCSRT (978). */
  csrtPorUf?: OpcoesAutoridade['csrtPorUf'];
  registro: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
}

export interface SimuladorEmExecucao {
  portaControle: number;
  portaTls: number;
  falhas: RegistroFalhas;
  estatisticas: Estatisticas;
  parar(): Promise<void>;
}

/**
 * Starts the simulator: the test CA from `acDir` (created there when absent), a server certificate
 * issued from it for this start (loopback plus `nomesServidor`), the HTTPS SOAP port and the HTTP
 * control port. Also used in-process by unit tests (with the in-memory store and port 0).
 */
export async function iniciarSimulador(o: OpcoesSimulador): Promise<SimuladorEmExecucao> {
  const tls = prepararTlsSimulador(o);
  const validador: ValidadorXsd = criarValidadorXsd(carregarEsquemasNfe());
  const falhas = new RegistroFalhas();
  const estatisticas = new Estatisticas();
  const autoridade = new AutoridadeSimulada(o.repo, validador, {
    tempoMedioSegundos: o.tempoMedioSegundos,
    exigirIbsCbs: o.exigirIbsCbs,
    csrtPorUf: o.csrtPorUf,
  });
  const soap = criarServidorSoap({
    autoridade,
    falhas,
    estatisticas,
    registro: o.registro,
    tls,
  });
  soap.on('tlsClientError', (erro: Error) => o.registro.debug({ erro: erro.message }, 'handshake TLS recusado'));
  const foraDoAr = new ForaDoAr(soap, o.host, o.registro);
  const controle = criarServidorControle({
    foraDoAr,
    falhas,
    estatisticas,
    // Calls per service, and per service for one access key.
    chamadas: (q) => estatisticas.resumo(q.get('chave') ?? undefined),
    verificar: () => o.repo.verificar(),
  });
  const portaTls = await ouvir(soap, o.portaTls, o.host);
  foraDoAr.ouvindoEm(portaTls);
  const portaControle = await ouvir(controle, o.porta, o.host);
  return {
    portaControle,
    portaTls,
    falhas,
    estatisticas,
    async parar() {
      foraDoAr.cancelar();
      await Promise.all([fechar(soap), fechar(controle)]);
      await validador.encerrar();
    },
  };
}
