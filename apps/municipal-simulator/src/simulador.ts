import { criarServidorControle, fechar, ForaDoAr, ouvir, prepararTlsSimulador } from '@emissor/testing';
import { Pool } from 'pg';
import { clienteDoPool } from '@emissor/plataforma';
import type { Logger } from 'pino';
import { Estatisticas, RegistroFalhas } from './falhas';
import { MunicipioSimulado } from './municipio';
import { criarServidorSoap } from './servidor-soap';

export interface OpcoesSimulador {
  databaseUrl: string;
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
  atrasoProcessamentoMs: number;
  tamanhoPool?: number;
  registro: Pick<Logger, 'info' | 'warn' | 'error' | 'debug'>;
}

/** Sweep for batches whose time came while no timer was set (e.g. after a restart). */
const VARREDURA_MS = 1000;

/**
 * Starts the simulated municipality: the test CA from `acDir` (created when absent), a server
 * certificate issued from it for this start (loopback plus `nomesServidor`), the HTTPS SOAP port and the HTTP control port, and the
 * batch processor (timers per accepted batch plus a periodic sweep).
 */
export async function iniciarSimulador(o: OpcoesSimulador) {
  const tls = prepararTlsSimulador(o);
  const pool = new Pool({
    connectionString: o.databaseUrl,
    max: o.tamanhoPool ?? 10,
    application_name: 'municipal-simulator',
    ...clienteDoPool(),
  });
  const municipio = new MunicipioSimulado(pool, o.atrasoProcessamentoMs);
  const falhas = new RegistroFalhas();
  const estatisticas = new Estatisticas();

  let processando: Promise<void> | null = null;
  let denovo = false;
  const processar = () => {
    if (processando) {
      denovo = true;
      return;
    }
    processando = (async () => {
      do {
        denovo = false;
        try {
          const n = await municipio.processarDevidos();
          if (n) o.registro.debug({ lotes: n }, 'lotes processados');
        } catch (erro) {
          o.registro.error({ erro: (erro as Error).message }, 'falha ao processar lotes');
        }
      } while (denovo);
    })().finally(() => (processando = null));
  };
  const temporizadores = new Set<NodeJS.Timeout>();
  const agendar = (atrasoMs: number) => {
    const t = setTimeout(() => {
      temporizadores.delete(t);
      processar();
    }, atrasoMs + 5);
    temporizadores.add(t);
  };
  const varredura = setInterval(processar, VARREDURA_MS);

  const soap = criarServidorSoap({
    municipio,
    falhas,
    estatisticas,
    registro: o.registro,
    tls,
    agendar,
  });
  soap.on('tlsClientError', (erro: Error) => o.registro.debug({ erro: erro.message }, 'handshake TLS recusado'));
  const foraDoAr = new ForaDoAr(soap, o.host, o.registro);
  const controle = criarServidorControle({
    foraDoAr,
    falhas,
    estatisticas,
    chamadas: (q) => estatisticas.resumo(q.get('cnpj') ?? undefined),
    verificar: () => municipio.verificar(),
    consultas: {
      // Batches received (protocol, numero_lote, quantidade, situacao) and NFS-e issued (numero, codigo_verificacao, RPS, cancelada_em).
      lotes: (q) => municipio.lotes(q.get('cnpj') ?? undefined),
      nfse: (q) => municipio.notas(q.get('cnpj') ?? undefined),
    },
  });
  const portaTls = await ouvir(soap, o.portaTls, o.host);
  foraDoAr.ouvindoEm(portaTls);
  const portaControle = await ouvir(controle, o.porta, o.host);
  return {
    portaTls,
    portaControle,
    async parar() {
      clearInterval(varredura);
      for (const t of temporizadores) clearTimeout(t);
      foraDoAr.cancelar();
      await Promise.all([fechar(soap), fechar(controle)]);
      await processando;
      await pool.end();
    },
  };
}
