import path from 'node:path';
import { carregarConfiguracao, definicoesComuns, inteiro, texto } from '@emissor/plataforma';

export const definicoesMunicipioSimulador = {
  NODE_ENV: definicoesComuns.NODE_ENV,
  DATABASE_URL: definicoesComuns.DATABASE_URL,
  LOG_LEVEL: definicoesComuns.LOG_LEVEL,
  /** Pool size bound (tests run several systems on one PostgreSQL). */
  DB_POOL_MAX: definicoesComuns.DB_POOL_MAX,
  /** Plain HTTP: health and the control API of the tests. */
  PORT: inteiro({ padrao: 3202, minimo: 1, maximo: 65535 }),
  /** HTTPS with required client certificates: the ABRASF 2.04 SOAP web service. */
  PORTA_TLS: inteiro({ padrao: 3444, minimo: 1, maximo: 65535 }),
  /** Address both ports bind to: loopback, it is a test double. */
  HOST_SIMULADOR: texto({ padrao: '127.0.0.1' }),
  /** Test CA: issuer of the server certificate and the only CA trusted for client certificates. */
  AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
  /** How long after reception a batch is processed (asynchronous, as municipalities do). */
  ATRASO_PROCESSAMENTO_MS: inteiro({ padrao: 300, minimo: 0, maximo: 600_000 }),
};

export const carregarConfigMunicipioSimulador = (ambiente = process.env) =>
  carregarConfiguracao('municipal-simulator', definicoesMunicipioSimulador, ambiente);
export type ConfigMunicipioSimulador = ReturnType<typeof carregarConfigMunicipioSimulador>;
