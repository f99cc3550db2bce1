/**
 * A small system owned by the webhook failure tests: its own database and NATS namespace, with only
 * the gateway (endpoint API) and the webhook-dispatcher, started with a short retry schedule so
 * retries happen in seconds. The tests may kill -9 the dispatcher, restart it (also in production
 * mode), and feed it NF-e domain events exactly as nfe-service's outbox relay publishes them
 * (JetStream subject `nfe.eventos.<tipo>.v1`, Nats-Msg-Id = event_id, envelope EventoNfe).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Assuntos, comNamespace, type EventoNfe, type TipoEventoNfe } from '@emissor/contracts';
import { connect as conectarAmqp } from 'amqplib';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { iniciarSistemaIsolado, type SistemaIsolado } from '../../support/sistema-isolado';

const DISPATCHER = 'webhook-dispatcher';

export interface Resposta {
  status: number;
  corpo: any;
  cabecalhos: Headers;
}

export class SistemaWebhooks {
  private nc?: NatsConnection;
  private sequencia = 0;
  conta!: { id: string; auth: string };
  empresa!: { id: string; cnpj: string };

  private constructor(private readonly iso: SistemaIsolado) {}

  static async iniciar(envDispatcher: Record<string, string> = {}): Promise<SistemaWebhooks> {
    const iso = await iniciarSistemaIsolado({
      apps: ['gateway', DISPATCHER],
      prefixo: 'wh',
      // Batching makes 4 connections enough.
      env: { WEBHOOK_CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'), DB_POOL_MAX: '4', ...envDispatcher },
    });
    const s = new SistemaWebhooks(iso);
    try {
      s.nc = await connect({ servers: iso.env.NATS_URL });
      await s.provisionar();
      return s;
    } catch (erro) {
      // Leave nothing behind when the start fails (the caller never gets an object to stop).
      await s.parar().catch(() => undefined);
      throw erro;
    }
  }

  get env() {
    return this.iso.env;
  }

  get url() {
    return this.iso.url;
  }

  get namespace() {
    return this.iso.namespace;
  }

  /** Starts the dispatcher again, with extra variables for this run (NODE_ENV=production...). */
  async iniciarDispatcher(extra: Record<string, string> = {}): Promise<void> {
    await this.iso.reiniciar(DISPATCHER, extra);
  }

  /** kill -9: no shutdown hook runs; whatever it had in hand is abandoned. */
  async matarDispatcher(): Promise<void> {
    await this.iso.matar(DISPATCHER);
  }

  async http(metodo: string, caminho: string, corpo?: unknown): Promise<Resposta> {
    const r = await fetch(`${this.url}${caminho}`, {
      method: metodo,
      headers: {
        authorization: this.conta.auth,
        'x-empresa-cnpj': this.empresa.cnpj,
        ...(corpo !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: corpo !== undefined ? JSON.stringify(corpo) : undefined,
    });
    const texto = await r.text();
    return { status: r.status, corpo: texto ? JSON.parse(texto) : undefined, cabecalhos: r.headers };
  }

  private async provisionar() {
    const conta = await fetch(`${this.url}/admin/v1/contas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.iso.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Webhooks' }),
    }).then((r) => r.json() as Promise<any>);
    const { api_key, api_secret } = conta.credenciais.producao;
    this.conta = { id: conta.id, auth: `Basic ${Buffer.from(`${api_key}:${api_secret}`).toString('base64')}` };
    const cnpj = '11222333000181';
    const r = await fetch(`${this.url}/conta/v1/empresas`, {
      method: 'POST',
      headers: { authorization: this.conta.auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        cnpj,
        razao_social: 'Empresa Webhooks LTDA',
        inscricao_estadual: '110042490114',
        regime_tributario: 3,
        endereco: {
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          bairro: 'Bela Vista',
          municipio: 'São Paulo',
          uf: 'SP',
        },
        codigo_municipio: '3550308',
      }),
    });
    const empresa = (await r.json()) as any;
    if (r.status !== 201) throw new Error(`empresa: ${r.status} ${JSON.stringify(empresa)}`);
    // The API does not show the internal id; the events carry it.
    const [{ id }] = await this.sql(`SELECT id FROM cadastro.empresas WHERE cnpj = $1`, [cnpj]);
    this.empresa = { id, cnpj };
  }

  async criarWebhook(url: string, eventos?: TipoEventoNfe[]): Promise<{ id: string; chave: string }> {
    const r = await this.http('POST', '/conta/v1/webhooks', eventos ? { url, eventos } : { url });
    if (r.status !== 201) throw new Error(`webhook: ${r.status} ${JSON.stringify(r.corpo)}`);
    return { id: r.corpo.id, chave: r.corpo.chave_seguranca };
  }

  /** An NF-e event of this company, as nfe-service publishes it. Returns its event_id. */
  async publicarEvento(tipo: TipoEventoNfe = 'nfe_autorizada'): Promise<string> {
    const eventId = randomUUID();
    const n = ++this.sequencia;
    const evento: EventoNfe = {
      tipo,
      conta_id: this.conta.id,
      empresa_id: this.empresa.id,
      corpo: {
        event_id: eventId,
        occurred_at: new Date().toISOString(),
        sandbox: false,
        uuid: randomUUID(),
        codigo_externo: `PED-${n}`,
        chave_acesso: `3526011122233300018155001${String(n).padStart(9, '0')}10000000`.slice(0, 44),
        numero: n,
        serie: 1,
        situacao: 'autorizada',
        status_sefaz: { codigo: '100', motivo: 'Autorizado o uso da NF-e' },
        protocolo: '135260000000001',
      },
    };
    const assunto = comNamespace(Assuntos.nfe.eventos(tipo), this.namespace);
    await this.nc!.jetstream().publish(assunto, new TextEncoder().encode(JSON.stringify(evento)), { msgID: eventId });
    return eventId;
  }

  /** Every attempt of every delivery of an endpoint (pages through the log API). */
  async entregas(webhookId: string): Promise<any[]> {
    const todas: any[] = [];
    for (let page = 1; ; page++) {
      const r = await this.http('GET', `/conta/v1/webhooks/${webhookId}/entregas?per_page=100&page=${page}`);
      if (r.status !== 200) throw new Error(`entregas: ${r.status} ${JSON.stringify(r.corpo)}`);
      todas.push(...r.corpo);
      if (r.corpo.length < 100) return todas;
    }
  }

  /** Direct SQL on this system's database (to simulate what the API cannot, such as DNS changing under an endpoint). */
  async sql(texto: string, parametros: unknown[] = []): Promise<any[]> {
    const c = new Client({ connectionString: this.iso.databaseUrl });
    await c.connect();
    try {
      return (await c.query(texto, parametros)).rows;
    } finally {
      await c.end();
    }
  }

  async parar(): Promise<void> {
    await this.nc?.close();
    await this.iso.parar();
    // Its RabbitMQ queues (they would expire by themselves after 30 min unused).
    const amqp = await conectarAmqp(this.env.AMQP_URL!).catch(() => undefined);
    if (amqp) {
      const canal = await amqp.createChannel();
      const prefixo = `${this.namespace}.webhooks`;
      await canal.deleteQueue(`${prefixo}.entregas`).catch(() => undefined);
      for (const ms of [100, 250, 500, ...Array.from({ length: 18 }, (_, i) => 2 ** i * 1000)])
        await canal.deleteQueue(`${prefixo}.espera.${ms}ms`).catch(() => undefined);
      await canal.deleteExchange(`${prefixo}.entregas`).catch(() => undefined);
      await amqp.close().catch(() => undefined);
    }
  }
}
