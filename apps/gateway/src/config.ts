import path from 'node:path';
import { carregarConfiguracao, chave256, definicoesComuns, inteiro, texto, umDe, url } from '@emissor/plataforma';

export const definicoesGateway = (ambiente: NodeJS.ProcessEnv = process.env) => ({
  ...definicoesComuns,
  PORT: inteiro({ padrao: 3000, minimo: 1, maximo: 65535 }),
  /** Operator token for /admin routes (decisions §5). */
  ADMIN_TOKEN: texto({ minimo: 16 }),
  /** AES-256-GCM key that encrypts certificates (PFX and password) at rest: 32 bytes, base64 or hex. */
  CHAVE_CRIPTOGRAFIA: chave256(),
  /** Base URL printed in links (xml_url, danfe_url). */
  URL_BASE_PUBLICA: url({ protocolos: ['http', 'https'], padrao: 'http://localhost:3000' }),
  RPC_TEMPO_LIMITE_MS: inteiro({ padrao: 15_000, minimo: 100 }),
  /** Routes that wait for SEFAZ synchronously (inutilização): longer than nfe-service's own SEFAZ timeout, so its 502 arrives first. */
  RPC_TEMPO_LIMITE_SEFAZ_MS: inteiro({ padrao: 45_000, minimo: 100 }),
  /**
   * How long a resolved company (X-Empresa-CNPJ, with its certificate's metadata) is reused, in ms; 0
   * reads it on every request. Only a company apt for NF-e is kept, and this replica forgets it at once
   * when its certificate is uploaded or refused here: another replica sees such a change within this time.
   */
  EMPRESA_CACHE_MS: inteiro({ padrao: 1000, minimo: 0, maximo: 60_000 }),
  /** Sustained requests per second per credential; bursts of twice that are allowed. */
  LIMITE_REQUISICOES_POR_SEGUNDO: inteiro({ padrao: 1000, minimo: 1 }),
  /**
   * Admission (http/admissao.ts): requests served at once, an adaptive limit between the minimum and
   * the maximum that shrinks when answers take longer than LATENCIA_ALVO_MS and grows back while they
   * do not; the next ones wait in line at most ESPERA_MAXIMA_FILA_MS, in a line of at most FILA_MAXIMA,
   * else 503 with Retry-After (overload is refused fast instead of queueing for seconds). The line's
   * 250 ms plus a served answer's time keep every answer within issue 19's 1 s under overload: with
   * 400 ms two of three runs at twice the capacity had their slowest answer past it (tools/bench/nfe-e2e/README.md).
   */
  REQUISICOES_SIMULTANEAS_MAXIMAS: inteiro({ padrao: 64, minimo: 1 }),
  REQUISICOES_SIMULTANEAS_MINIMAS: inteiro({ padrao: 4, minimo: 1 }),
  LATENCIA_ALVO_MS: inteiro({ padrao: 300, minimo: 1 }),
  ESPERA_MAXIMA_FILA_MS: inteiro({ padrao: 250, minimo: 1 }),
  FILA_MAXIMA: inteiro({ padrao: 1000, minimo: 0 }),
  /** Largest accepted request body in bytes (a 990-item note is about 1 MB). */
  TAMANHO_MAXIMO_CORPO: inteiro({ padrao: 5 * 1024 * 1024, minimo: 1024 }),
  /**
   * How long a client may take to send a whole request (headers and body), in ms; then 408 and the
   * connection is closed. Without it a client that declares a body and never sends it holds a
   * connection (and its memory) for ever. Waiting for the answer is not counted.
   */
  TEMPO_LIMITE_RECEBIMENTO_MS: inteiro({ padrao: 30_000, minimo: 100 }),
  /**
   * As in sefaz-adapter: `simulador` (the default outside production) means this deployment runs the
   * simulators, so certificates of its test CA are accepted and `POST .../certificado/teste` exists.
   */
  SEFAZ_MODE: umDe(['simulador', 'soap'] as const, { padrao: ambiente.NODE_ENV === 'production' ? 'soap' : 'simulador' }),
  /** Folder of the deployment's test CA (certificate and key), read in `simulador` mode only. */
  AC_TESTE_DIR: texto({ padrao: path.join(process.cwd(), '.data', 'ac-teste') }),
});

export const carregarConfigGateway = (ambiente = process.env) => carregarConfiguracao('gateway', definicoesGateway(ambiente), ambiente);
export type ConfigGateway = ReturnType<typeof carregarConfigGateway>;
export const CONFIG = Symbol('CONFIG_GATEWAY');
