import { carregarConfiguracao, inteiro, texto } from '@emissor/plataforma';

/** The DANFE's own settings, validated when the module starts (a bad value stops nfe-service with its name). */
export const definicoesDanfe = {
  /** Chromium or Chrome to drive; Puppeteer never downloads one. */
  PUPPETEER_EXECUTABLE_PATH: texto({ padrao: '/usr/bin/chromium' }),
  /** Pages rendering at once (each is a renderer process of the one browser). */
  DANFE_PAGINAS: inteiro({ padrao: 2, minimo: 1, maximo: 16 }),
  /** Longest a DANFE may take, waiting for a page included; below the gateway's RPC time-out. */
  DANFE_TEMPO_LIMITE_MS: inteiro({ padrao: 10_000, minimo: 500, maximo: 120_000 }),
};

export const carregarConfigDanfe = (ambiente = process.env) => carregarConfiguracao('nfe-service (DANFE)', definicoesDanfe, ambiente);
export type ConfigDanfe = ReturnType<typeof carregarConfigDanfe>;
export const CONFIG_DANFE = Symbol('CONFIG_DANFE');
