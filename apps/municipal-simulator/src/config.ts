import path from 'node:path';
import { carregarConfiguracao, definicoesComuns, inteiro, nomesDns, texto } from '@emissor/plataforma';

export const definicoesMunicipioSimulador = {
  NODE_ENV: definicoesComuns.NODE_ENV,
  DATABASE_URL: definicoesComuns.DATABASE_URL,
  LOG_LEVEL: definicoesComuns.LOG_LEVEL,
  /** Pool size bound (tests run several systems on one PostgreSQL). */
  DB_POOL_MAX: definicoesComuns.DB_POOL_MAX,
  /** Read by the pool (banco/consultas-preparadas.ts); declared here so a wrong value is refused at start. */
  DB_CONSULTAS_PREPARADAS: definicoesComuns.DB_CONSULTAS_PREPARADAS,
  /** Plain HTTP: health and the control API of the tests. */
  PORT: inteiro({ padrao: 3202, minimo: 1, maximo: 65535 }),
  /** HTTPS with required client certificates: the ABRASF 2.04 SOAP web service. */
  PORTA_TLS: inteiro({ padrao: 3444, minimo: 1, maximo: 65535 }),
  /** Address both ports bind to: loopback, it is a test double. */
  HOST_SIMULADOR: texto({ padrao: '127.0.0.1' }),
  /**
   * DNS names added to the server certificate's subjectAltName next to 127.0.0.1, localhost and ::1
   * (comma-separated, default none): how the adapters reach it elsewhere, e.g. its Kubernetes Service.
   */
  NOMES_SERVIDOR_SIMULADOR: nomesDns(),
  /**
   * Test CA: issuer of the server certificate and trusted for client certificates, as are the
   * ICP-Brasil roots (real companies' A1 certificates in sandbox).
   */
  AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
  /** How long after reception a batch is processed (asynchronous, as municipalities do). */
  ATRASO_PROCESSAMENTO_MS: inteiro({ padrao: 300, minimo: 0, maximo: 600_000 }),
};

export const carregarConfigMunicipioSimulador = (ambiente = process.env) =>
  carregarConfiguracao('municipal-simulator', definicoesMunicipioSimulador, ambiente);
export type ConfigMunicipioSimulador = ReturnType<typeof carregarConfigMunicipioSimulador>;
