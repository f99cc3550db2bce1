import path from 'node:path';
import {
  ErroConfiguracao,
  carregarConfiguracao,
  definicoesComuns,
  inteiro,
  nomesDns,
  texto,
  textoOpcional,
  umDe,
} from '@emissor/plataforma';
import { type CsrtConfigurado, lerCsrtsDoAmbiente, type Uf, VARIAVEIS_CSRT } from '@emissor/fiscal-domain';

/** The same RESPONSAVEL_TECNICO_CSRT_<UF> settings as nfe-service: the simulator plays the SEFAZ that issued them. */
const csrtPorUf = Object.fromEntries(VARIAVEIS_CSRT.map(([, nome]) => [nome, textoOpcional()])) as Record<
  `RESPONSAVEL_TECNICO_CSRT_${Uf}`,
  ReturnType<typeof textoOpcional>
>;

export const definicoesSefazSimulador = {
  NODE_ENV: definicoesComuns.NODE_ENV,
  DATABASE_URL: definicoesComuns.DATABASE_URL,
  LOG_LEVEL: definicoesComuns.LOG_LEVEL,
  /** Read by the pool (banco/consultas-preparadas.ts); declared here so a wrong value is refused at start. */
  DB_CONSULTAS_PREPARADAS: definicoesComuns.DB_CONSULTAS_PREPARADAS,
  /** Plain HTTP: health and the control API of the tests. */
  PORT: inteiro({ padrao: 3201, minimo: 1, maximo: 65535 }),
  /** HTTPS with required client certificates: the SOAP web services. */
  PORTA_TLS: inteiro({ padrao: 3443, minimo: 1, maximo: 65535 }),
  /** Address both ports bind to: loopback, it is a test double. */
  HOST_SIMULADOR: texto({ padrao: '127.0.0.1' }),
  /**
   * DNS names added to the server certificate's subjectAltName next to 127.0.0.1, localhost and ::1
   * (comma-separated, default none): how the adapters reach it elsewhere, e.g. its Kubernetes Service.
   */
  NOMES_SERVIDOR_SIMULADOR: nomesDns(),
  /**
   * Test CA: issuer of the server certificate and trusted for client certificates, as are the
   * ICP-Brasil roots (real companies' A1 certificates in sandbox).
   */
  AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
  /** tMed answered for asynchronous batches and the status service, seconds. */
  TEMPO_MEDIO_SEGUNDOS: inteiro({ padrao: 1, minimo: 0, maximo: 60 }),
  /** `true`: a regime-3 note without IBSCBS in every item is rejected 1115 (the NT 2025.002 rule announced). */
  SIMULADOR_EXIGIR_IBS_CBS: umDe(['true', 'false'] as const, { padrao: 'false' }),
  /**
   * `id:csrt` of each state whose CSRT the simulator knows: notes of issuers there that carry hashCSRT
   * must carry base64(SHA-1(CSRT + chave)), else 978 (NT 2018.005).
   */
  ...csrtPorUf,
};

/** RESPONSAVEL_TECNICO_CSRT_<UF>; every malformed one is listed at once. */
function lerCsrts(ambiente: NodeJS.ProcessEnv): Partial<Record<Uf, CsrtConfigurado>> {
  const { csrtPorUf, problemas } = lerCsrtsDoAmbiente(ambiente);
  if (problemas.length) throw new ErroConfiguracao('sefaz-simulator', problemas);
  return csrtPorUf;
}

export const carregarConfigSimulador = (ambiente = process.env) => ({
  ...carregarConfiguracao('sefaz-simulator', definicoesSefazSimulador, ambiente),
  csrtPorUf: lerCsrts(ambiente),
});
export type ConfigSimulador = ReturnType<typeof carregarConfigSimulador>;
