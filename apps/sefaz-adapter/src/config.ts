import path from 'node:path';
import { carregarConfiguracao, definicoesComuns, inteiro, textoOpcional, texto, umDe, url } from '@emissor/plataforma';
import { REPLICAS_MAXIMAS } from './guarda/guarda-consumo';

export const MODOS_SEFAZ = ['simulador', 'soap'] as const;
export type ModoSefaz = (typeof MODOS_SEFAZ)[number];

/**
 * Defaults depend on where the adapter talks to: the simulator is on loopback (a call that takes
 * seconds means it is down or told to be slow), a real SEFAZ may take tens of seconds under load.
 */
export function definicoesSefazAdapter(ambiente: NodeJS.ProcessEnv = process.env) {
  const modoPadrao: ModoSefaz = ambiente.NODE_ENV === 'production' ? 'soap' : 'simulador';
  const modo = (MODOS_SEFAZ as readonly string[]).includes(ambiente.SEFAZ_MODE ?? '') ? (ambiente.SEFAZ_MODE as ModoSefaz) : modoPadrao;
  const simulador = modo === 'simulador';
  return {
    ...definicoesComuns,
    /** HTTP port for health and metrics. */
    PORT: inteiro({ padrao: 3103, minimo: 1, maximo: 65535 }),
    /** simulador: every note goes to the SEFAZ simulator; soap: the real web services (sandbox notes still go to the simulator). */
    SEFAZ_MODE: umDe(MODOS_SEFAZ, { padrao: modoPadrao }),
    /** Base URL of the simulator's HTTPS (mutual TLS) port; the service paths of the real SEFAZ follow it. */
    SEFAZ_SIMULADOR_URL: url({ protocolos: ['https'], padrao: 'https://127.0.0.1:3443' }),
    /** Folder of the test CA the simulator's certificate comes from (ac-teste.crt.pem). */
    AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
    /** PEM bundle trusted for the real SEFAZ instead of the bundled ICP-Brasil roots (plus Node's public roots). */
    SEFAZ_CA_ICP_BRASIL: textoOpcional(),
    /** Whole-call limit of one SOAP request (connect, send, answer). */
    SEFAZ_TEMPO_LIMITE_MS: inteiro({ padrao: simulador ? 5_000 : 30_000, minimo: 100, maximo: 300_000 }),
    /** How long one command may wait, inside its handling, for an asynchronous batch before retrying later. */
    SEFAZ_ESPERA_LOTE_MS: inteiro({ padrao: simulador ? 10_000 : 30_000, minimo: 0, maximo: 300_000 }),
    /**
     * `em_processamento` is published only when a command's verdict is not back this long after its
     * first SEFAZ call (always for a receipt to poll or a failure to retry); 0: before every first call.
     */
    SEFAZ_AVISO_PROCESSAMENTO_MS: inteiro({ padrao: 400, minimo: 0, maximo: 60_000 }),
    /**
     * Authorization sends of one issuer in flight at once; notes arriving while they are busy go
     * together in the next one, as an asynchronous batch (lotes/envio-agrupado.ts).
     */
    SEFAZ_ENVIOS_SIMULTANEOS: inteiro({ padrao: 2, minimo: 1, maximo: 64 }),
    /**
     * Commands handled at once by this process (per command kind). A handling that waits for a batch's
     * receipt holds its slot for tMed and more, so this is well above what the CPU needs.
     */
    SEFAZ_CONCORRENCIA: inteiro({ padrao: 128, minimo: 1, maximo: 512 }),
    /**
     * How long a note whose company's certificate SEFAZ refused waits before it is tried again (with the
     * certificate asked anew from the registry): a new certificate sends it within this time.
     */
    SEFAZ_RETENTATIVA_TRANSMISSAO_MS: inteiro({ padrao: 30_000, minimo: 1_000, maximo: 600_000 }),
    /** How long a company's certificate stays cached before the registry is asked again (its version says whether it changed). */
    SEFAZ_CERTIFICADO_CACHE_MS: inteiro({ padrao: 300_000, minimo: 0, maximo: 86_400_000 }),
    /**
     * Status probe (NFeStatusServico4) of each authorizer used in the last 15 min while it is available,
     * one per interval across replicas (guarda/monitor-autorizadores.ts): status stays fresh and an outage
     * is found without a note. NT 2018.002 tolerates status queries, not bursts: 10 s at the least.
     */
    SEFAZ_VIGILANCIA_MS: inteiro({ padrao: 60_000, minimo: 10_000, maximo: 3_600_000 }),
    /**
     * The most adapter replicas that run at once (an autoscaler's maximum): the NT 2018.002 ceilings are
     * counted per process, each replica getting this share of them (guarda/guarda-consumo.ts). Past the
     * smallest ceiling a replica would get no call at all, so that is the limit.
     */
    SEFAZ_REPLICAS: inteiro({ padrao: 1, minimo: 1, maximo: REPLICAS_MAXIMAS }),
  };
}

export const carregarConfigSefazAdapter = (ambiente = process.env) =>
  carregarConfiguracao('sefaz-adapter', definicoesSefazAdapter(ambiente), ambiente);
export type ConfigSefazAdapter = ReturnType<typeof carregarConfigSefazAdapter>;
