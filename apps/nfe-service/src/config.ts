import { carregarConfiguracao, definicoesComuns, inteiro } from '@emissor/plataforma';

export const definicoesNfeService = {
  ...definicoesComuns,
  /** HTTP port for health and metrics only; the service's API is NATS. */
  PORT: inteiro({ padrao: 3101, minimo: 1, maximo: 65535 }),
};

export const carregarConfigNfeService = (ambiente = process.env) => carregarConfiguracao('nfe-service', definicoesNfeService, ambiente);
export type ConfigNfeService = ReturnType<typeof carregarConfigNfeService>;
