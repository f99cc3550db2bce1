import { carregarConfiguracao, definicoesComuns, inteiro } from '@emissor/plataforma';

export const definicoesMunicipalAdapter = {
  ...definicoesComuns,
  /** HTTP port for health and metrics. */
  PORT: inteiro({ padrao: 3104, minimo: 1, maximo: 65535 }),
};

export const carregarConfigMunicipalAdapter = (ambiente = process.env) => carregarConfiguracao('municipal-adapter', definicoesMunicipalAdapter, ambiente);
export type ConfigMunicipalAdapter = ReturnType<typeof carregarConfigMunicipalAdapter>;
