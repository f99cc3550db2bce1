import { carregarConfiguracao, definicoesCaixas, definicoesComuns, inteiro, texto } from '@emissor/plataforma';

/**
 * Série of the RPS/DPS: 1 to 5 digits, not all zeros. The national DPS takes only that (TSSerieDPS;
 * its Id pads it to 5 digits), and ABRASF's Serie (up to 5 characters) takes it too, so a series
 * that would get every national note refused stops the service at start instead. Kept as written
 * ("001" stays "001"): numbering is per series as configured.
 */
const serieRps = () => ({
  ler(nome: string, bruto: string | undefined): string {
    const valor = texto({ padrao: '1' }).ler(nome, bruto);
    // inteiro() reports the problem in the configuration's words ("deve ser um número inteiro"); more than 5 digits as its maximum.
    inteiro({ minimo: 1, maximo: 99_999 }).ler(nome, /^\d{6,}$/.test(valor) ? '100000' : valor);
    return valor;
  },
});

export const definicoesNfseService = {
  ...definicoesComuns,
  ...definicoesCaixas,
  /** HTTP port for health and metrics; the service's API is NATS. */
  PORT: inteiro({ padrao: 3102, minimo: 1, maximo: 65535 }),
  /** Série of the RPS (1 to 5 digits). Numbering is per company, credential kind and série. */
  NFSE_SERIE_RPS: serieRps(),
};

export const carregarConfigNfseService = (ambiente = process.env) => carregarConfiguracao('nfse-service', definicoesNfseService, ambiente);
export type ConfigNfseService = ReturnType<typeof carregarConfigNfseService>;
export const CONFIG_NFSE = Symbol('CONFIG_NFSE');
