import { hkdfSync } from 'node:crypto';
import {
  carregarConfiguracao,
  chave256,
  definicoesComuns,
  ErroConfiguracao,
  inteiro,
  texto,
  textoOpcional,
  url,
} from '@emissor/plataforma';

/** Decisions §6: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, 24 h (about 3 days in all). */
export const AGENDA_PADRAO_S = [60, 300, 1800, 7200, 21600, 43200, 86400, 86400];

export const definicoesWebhookDispatcher = {
  ...definicoesComuns,
  /** HTTP port for health and metrics. */
  PORT: inteiro({ padrao: 3105, minimo: 1, maximo: 65535 }),
  AMQP_URL: url({ protocolos: ['amqp', 'amqps'], padrao: 'amqp://guest:guest@127.0.0.1:5672' }),
  /** Seconds between attempts, comma separated: one retry per entry, then the delivery fails. */
  WEBHOOK_RETRY_SCHEDULE: texto({ padrao: AGENDA_PADRAO_S.join(',') }),
  /** AES-256-GCM key (32 bytes, base64 or hex) that encrypts each endpoint's chave_seguranca at rest. */
  WEBHOOK_CHAVE_CRIPTOGRAFIA: textoOpcional(),
  /** Only read as a fallback outside production (see carregarConfigWebhookDispatcher). */
  CHAVE_CRIPTOGRAFIA: textoOpcional(),
  /** A delivery succeeds on a 2xx within this time (decisions §6: 10 s); lower only in tests. */
  WEBHOOK_TEMPO_LIMITE_MS: inteiro({ padrao: 10_000, minimo: 100, maximo: 60_000 }),
  /** Deliveries in progress per process (RabbitMQ prefetch). */
  WEBHOOK_CONCORRENCIA: inteiro({ padrao: 128, minimo: 1, maximo: 1000 }),
  /** Deliveries in progress per endpoint and process: a slow receiver cannot take every slot. */
  WEBHOOK_CONCORRENCIA_POR_ENDPOINT: inteiro({ padrao: 32, minimo: 1, maximo: 1000 }),
  /** How often PostgreSQL is swept for jobs that never reached RabbitMQ or were lost there. */
  WEBHOOK_VARREDURA_MS: inteiro({ padrao: 10_000, minimo: 200 }),
  /** A job due this long ago and still not attempted is assumed lost by the broker and published again. */
  WEBHOOK_REPUBLICAR_APOS_S: inteiro({ padrao: 120, minimo: 1 }),
};

export type ConfigWebhookDispatcher = ReturnType<typeof carregarBase> & {
  /** Retry delays in seconds. */
  agendaS: number[];
  /** 32-byte key for secrets at rest. */
  chaveCifra: Buffer;
  producao: boolean;
};

const carregarBase = (ambiente: NodeJS.ProcessEnv) => carregarConfiguracao('webhook-dispatcher', definicoesWebhookDispatcher, ambiente);

export function lerAgenda(valor: string): number[] | undefined {
  const partes = valor.split(',').map((p) => p.trim());
  if (!partes.length || partes.some((p) => !/^\d{1,7}$/.test(p) || Number(p) < 1)) return undefined;
  return partes.map(Number);
}

export function carregarConfigWebhookDispatcher(ambiente = process.env): ConfigWebhookDispatcher {
  const base = carregarBase(ambiente);
  const problemas: string[] = [];
  const agendaS = lerAgenda(base.WEBHOOK_RETRY_SCHEDULE);
  if (!agendaS)
    problemas.push('WEBHOOK_RETRY_SCHEDULE deve ser uma lista de segundos (inteiros >= 1) separados por vírgula, como "60,300,1800"');
  const producao = base.NODE_ENV === 'production';
  let chaveCifra: Buffer | undefined;
  const lerChave = (nome: string, valor: string) => {
    try {
      return carregarConfiguracao('webhook-dispatcher', { [nome]: chave256() }, { [nome]: valor })[nome] as Buffer;
    } catch (erro) {
      if (erro instanceof ErroConfiguracao) problemas.push(...erro.problemas);
      return undefined;
    }
  };
  if (base.WEBHOOK_CHAVE_CRIPTOGRAFIA) chaveCifra = lerChave('WEBHOOK_CHAVE_CRIPTOGRAFIA', base.WEBHOOK_CHAVE_CRIPTOGRAFIA);
  else if (!producao && base.CHAVE_CRIPTOGRAFIA) {
    // Development and tests only: a key derived (HKDF) from the platform key, so a system started
    // without the variable still works; production must set its own key.
    const mestra = lerChave('CHAVE_CRIPTOGRAFIA', base.CHAVE_CRIPTOGRAFIA);
    if (mestra) chaveCifra = Buffer.from(hkdfSync('sha256', mestra, Buffer.alloc(0), 'webhook-dispatcher/chave_seguranca', 32));
  } else problemas.push('WEBHOOK_CHAVE_CRIPTOGRAFIA é obrigatória e não foi definida (32 bytes em base64 ou hex)');
  if (problemas.length || !agendaS || !chaveCifra) throw new ErroConfiguracao('webhook-dispatcher', problemas);
  return { ...base, agendaS, chaveCifra, producao };
}

export const CONFIG_WEBHOOKS = Symbol('CONFIG_WEBHOOKS');
