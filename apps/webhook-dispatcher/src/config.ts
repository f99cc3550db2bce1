import { carregarConfiguracao, definicoesComuns, inteiro } from '@emissor/plataforma';

export const definicoesWebhookDispatcher = {
  ...definicoesComuns,
  /** HTTP port for health and metrics. */
  PORT: inteiro({ padrao: 3105, minimo: 1, maximo: 65535 }),
};

export const carregarConfigWebhookDispatcher = (ambiente = process.env) => carregarConfiguracao('webhook-dispatcher', definicoesWebhookDispatcher, ambiente);
export type ConfigWebhookDispatcher = ReturnType<typeof carregarConfigWebhookDispatcher>;
