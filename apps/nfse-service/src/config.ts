import { carregarConfiguracao, definicoesComuns, inteiro, texto } from '@emissor/plataforma';

export const definicoesNfseService = {
  ...definicoesComuns,
  /** HTTP port for health and metrics; the service's API is NATS. */
  PORT: inteiro({ padrao: 3102, minimo: 1, maximo: 65535 }),
  /** Série of the RPS (ABRASF: up to 5 characters). Numbering is per company, credential kind and série. */
  NFSE_SERIE_RPS: texto({ padrao: '1' }),
};

export const carregarConfigNfseService = (ambiente = process.env) => carregarConfiguracao('nfse-service', definicoesNfseService, ambiente);
export type ConfigNfseService = ReturnType<typeof carregarConfigNfseService>;
export const CONFIG_NFSE = Symbol('CONFIG_NFSE');
