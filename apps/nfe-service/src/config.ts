import { carregarConfiguracao, definicoesComuns, inteiro, url } from '@emissor/plataforma';

export const definicoesNfeService = {
  ...definicoesComuns,
  /** HTTP port for health and metrics only; the service's API is NATS. */
  PORT: inteiro({ padrao: 3101, minimo: 1, maximo: 65535 }),
  /** Public base URL of the gateway, for links.xml / links.danfe and the events' xml_url / danfe_url. */
  URL_BASE_PUBLICA: url({ protocolos: ['http', 'https'], padrao: 'http://localhost:3000' }),
  /** How long an inutilização waits for the SEFAZ adapter before answering 502. */
  SEFAZ_TEMPO_LIMITE_MS: inteiro({ padrao: 30_000, minimo: 100 }),
};

export const carregarConfigNfeService = (ambiente = process.env) => carregarConfiguracao('nfe-service', definicoesNfeService, ambiente);
export type ConfigNfeService = ReturnType<typeof carregarConfigNfeService>;
export const CONFIG_NFE = Symbol('CONFIG_NFE');
