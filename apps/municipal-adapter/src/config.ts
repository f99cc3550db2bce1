import path from 'node:path';
import { carregarConfiguracao, definicoesCaixas, definicoesComuns, inteiro, texto, textoOpcional, umDe, url } from '@emissor/plataforma';

export const MODOS_MUNICIPIO = ['simulador', 'soap'] as const;
export type ModoMunicipio = (typeof MODOS_MUNICIPIO)[number];

export function definicoesMunicipalAdapter(ambiente: NodeJS.ProcessEnv = process.env) {
  const modoPadrao: ModoMunicipio = ambiente.NODE_ENV === 'production' ? 'soap' : 'simulador';
  return {
    ...definicoesComuns,
    ...definicoesCaixas,
    /** HTTP port for health and metrics. */
    PORT: inteiro({ padrao: 3104, minimo: 1, maximo: 65535 }),
    /** simulador: every RPS goes to the municipality simulator; soap: to the municipality's own web service (sandbox RPS still go to the simulator). */
    MUNICIPIO_MODE: umDe(MODOS_MUNICIPIO, { padrao: modoPadrao }),
    /** Base URL of the simulator's HTTPS (mutual TLS) port. */
    MUNICIPIO_SIMULADOR_URL: url({ protocolos: ['https'], padrao: 'https://127.0.0.1:3444' }),
    /** Folder of the test CA that issued the simulator's certificate (ac-teste.crt.pem). */
    AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
    /** The municipality -> provider data file (default: provedores/municipios.json beside the code). */
    MUNICIPIOS_ARQUIVO: textoOpcional(),
    /** A batch is sent when it holds this many RPS... */
    LOTE_TAMANHO_MAXIMO: inteiro({ padrao: 50, minimo: 1, maximo: 1000 }),
    /** ...or when its oldest RPS has waited this long. */
    LOTE_INTERVALO_MS: inteiro({ padrao: 1000, minimo: 0, maximo: 3_600_000 }),
    /** First ConsultarLoteRps this long after the protocol; then the wait grows 1.5× per attempt up to 10 s. */
    CONSULTA_INTERVALO_MS: inteiro({ padrao: 500, minimo: 10, maximo: 600_000 }),
    /** Whole-call limit of one SOAP request. */
    MUNICIPIO_TEMPO_LIMITE_MS: inteiro({ padrao: 20_000, minimo: 100, maximo: 300_000 }),
    /** Batches (and cancellations) talked to the municipalities at once by this process. */
    MUNICIPIO_CONCORRENCIA: inteiro({ padrao: 8, minimo: 1, maximo: 256 }),
    /** How long a company's certificate stays cached before the registry is asked again. */
    MUNICIPIO_CERTIFICADO_CACHE_MS: inteiro({ padrao: 300_000, minimo: 0, maximo: 86_400_000 }),
  };
}

export const carregarConfigMunicipalAdapter = (ambiente = process.env) =>
  carregarConfiguracao('municipal-adapter', definicoesMunicipalAdapter(ambiente), ambiente);
export type ConfigMunicipalAdapter = ReturnType<typeof carregarConfigMunicipalAdapter>;
export const CONFIG_MUNICIPAL = Symbol('CONFIG_MUNICIPAL');
