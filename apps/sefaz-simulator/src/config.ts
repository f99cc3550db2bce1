import path from 'node:path';
import { carregarConfiguracao, definicoesComuns, inteiro, texto } from '@emissor/plataforma';

export const definicoesSefazSimulador = {
  NODE_ENV: definicoesComuns.NODE_ENV,
  DATABASE_URL: definicoesComuns.DATABASE_URL,
  LOG_LEVEL: definicoesComuns.LOG_LEVEL,
  /** Plain HTTP: health and the control API of the tests. */
  PORT: inteiro({ padrao: 3201, minimo: 1, maximo: 65535 }),
  /** HTTPS with required client certificates: the SOAP web services. */
  PORTA_TLS: inteiro({ padrao: 3443, minimo: 1, maximo: 65535 }),
  /** Address both ports bind to: loopback, it is a test double. */
  HOST_SIMULADOR: texto({ padrao: '127.0.0.1' }),
  /** Test CA: issuer of the server certificate and the only CA trusted for client certificates. */
  AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
  /** tMed answered for asynchronous batches and the status service, seconds. */
  TEMPO_MEDIO_SEGUNDOS: inteiro({ padrao: 1, minimo: 0, maximo: 60 }),
};

export const carregarConfigSimulador = (ambiente = process.env) => carregarConfiguracao('sefaz-simulator', definicoesSefazSimulador, ambiente);
export type ConfigSimulador = ReturnType<typeof carregarConfigSimulador>;
