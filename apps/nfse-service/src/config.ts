import { carregarConfiguracao, definicoesComuns, inteiro } from '@emissor/plataforma';

export const definicoesNfseService = {
  ...definicoesComuns,
  /** HTTP port for health and metrics. */
  PORT: inteiro({ padrao: 3102, minimo: 1, maximo: 65535 }),
};

export const carregarConfigNfseService = (ambiente = process.env) => carregarConfiguracao('nfse-service', definicoesNfseService, ambiente);
export type ConfigNfseService = ReturnType<typeof carregarConfigNfseService>;
