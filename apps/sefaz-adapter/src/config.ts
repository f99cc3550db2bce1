import { carregarConfiguracao, definicoesComuns, inteiro } from '@emissor/plataforma';

export const definicoesSefazAdapter = {
  ...definicoesComuns,
  /** HTTP port for health and metrics. */
  PORT: inteiro({ padrao: 3103, minimo: 1, maximo: 65535 }),
};

export const carregarConfigSefazAdapter = (ambiente = process.env) => carregarConfiguracao('sefaz-adapter', definicoesSefazAdapter, ambiente);
export type ConfigSefazAdapter = ReturnType<typeof carregarConfigSefazAdapter>;
