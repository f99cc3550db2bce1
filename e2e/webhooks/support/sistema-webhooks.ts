/**
 * A small system owned by the webhook failure tests: its own database and NATS namespace, with only
 * the gateway (endpoint API) and the webhook-dispatcher, started with a short retry schedule so
 * retries happen in seconds. The tests may kill -9 the dispatcher, restart it (also in production
 * mode), and feed it NF-e domain events exactly as nfe-service's outbox relay publishes them
 * (JetStream subject `nfe.eventos.<tipo>.v1`, Nats-Msg-Id = event_id, envelope EventoNfe).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { Assuntos, comNamespace, type EventoNfe, type TipoEventoNfe } from '@emissor/contracts';
import { connect as conectarAmqp } from 'amqplib';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { sistema } from '../../support/sistema';

const APPS = ['gateway', 'webhook-dispatcher'];

export interface Resposta {
  status: number;
  corpo: any;
  cabecalhos: Headers;
}

export class SistemaWebhooks {
  private dispatcher?: ChildProcess;
  private nc?: NatsConnection;
  private sequencia = 0;
  conta!: { id: string; auth: string };
  empresa!: { id: string; cnpj: string };

  private constructor(
    readonly env: Record<string, string | undefined>,
    private readonly portas: Record<string, number>,
    private readonly gateway: ChildProcess,
    private readonly banco: string,
    private readonly baseUrl: string,
    private readonly logs: Map<string, WriteStream>,
    private readonly pastaLogs: string,
  ) {}

  static async iniciar(envDispatcher: Record<string, string> = {}): Promise<SistemaWebhooks> {
    const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    const baseUrl = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const banco = `emissor_wh_${id}`;
    const admin = new Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${banco}`);
    await admin.end();
    const databaseUrl = new URL(baseUrl);
    databaseUrl.pathname = `/${banco}`;
    const env: Record<string, string | undefined> = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl.toString(),
      NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      NATS_NAMESPACE: `wh_${id}`,
      AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
      ADMIN_TOKEN: randomBytes(24).toString('hex'),
      CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
      WEBHOOK_CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
      // Many systems share one PostgreSQL during a test run: small pools (batching makes 4 enough).
      DB_POOL_MAX: '4',
      ...envDispatcher,
    };
    const portas: Record<string, number> = {};
    for (const app of APPS) portas[app] = await sistema.portaLivre();
    const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'e2e-logs', `webhooks-${id}`);
    mkdirSync(pastaLogs, { recursive: true });
    const logs = new Map<string, WriteStream>();
    let s: SistemaWebhooks | undefined;
    try {
      for (const app of APPS) await sistema.executar(process.execPath, [sistema.arquivoApp(app, 'migrate')], env);
      const [gateway] = await sistema.iniciarApps({ env, portas, apps: ['gateway'], saida: (app: string, l: string) => SistemaWebhooks.escrever(logs, pastaLogs, app, l) });
      s = new SistemaWebhooks(env, portas, gateway.processo, banco, baseUrl, logs, pastaLogs);
      await s.iniciarDispatcher();
      s.nc = await connect({ servers: env.NATS_URL });
      await s.provisionar();
      return s;
    } catch (erro) {
      // Leave nothing behind when the start fails (the caller never gets an object to stop).
      if (s) await s.parar().catch(() => undefined);
      else {
        const a = new Client({ connectionString: baseUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
        await a.end();
      }
      throw erro;
    }
  }

  private static escrever(logs: Map<string, WriteStream>, pasta: string, app: string, linha: string) {
    if (!logs.has(app)) logs.set(app, createWriteStream(path.join(pasta, `${app}.log`), { flags: 'a' }));
    logs.get(app)!.write(`${linha}\n`);
  }

  get url() {
    return `http://127.0.0.1:${this.portas.gateway}`;
  }

  get namespace() {
    return this.env.NATS_NAMESPACE!;
  }

  /** Starts (or restarts) the dispatcher, with extra variables for this run (NODE_ENV=production...). */
  async iniciarDispatcher(extra: Record<string, string> = {}): Promise<void> {
    const [p] = await sistema.iniciarApps({
      env: { ...this.env, ...extra },
      portas: this.portas,
      apps: ['webhook-dispatcher'],
      saida: (app: string, l: string) => SistemaWebhooks.escrever(this.logs, this.pastaLogs, app, l),
    });
    this.dispatcher = p.processo;
  }

  /** kill -9: no shutdown hook runs; whatever it had in hand is abandoned. */
  async matarDispatcher(): Promise<void> {
    const p = this.dispatcher;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    await new Promise<void>((r) => {
      p.once('exit', () => r());
      p.kill('SIGKILL');
    });
  }

  async pararDispatcher(): Promise<void> {
    if (this.dispatcher) await sistema.pararApps([{ processo: this.dispatcher }]);
  }

  async http(metodo: string, caminho: string, corpo?: unknown): Promise<Resposta> {
    const r = await fetch(`${this.url}${caminho}`, {
      method: metodo,
      headers: { authorization: this.conta.auth, 'x-empresa-cnpj': this.empresa.cnpj, ...(corpo !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: corpo !== undefined ? JSON.stringify(corpo) : undefined,
    });
    const texto = await r.text();
    return { status: r.status, corpo: texto ? JSON.parse(texto) : undefined, cabecalhos: r.headers };
  }

  private async provisionar() {
    const conta = await fetch(`${this.url}/admin/v1/contas`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.env.ADMIN_TOKEN}`, 'content-type': 'application/json' },
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
        inscricao_estadual: '123456789',
        regime_tributario: 3,
        endereco: { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', uf: 'SP' },
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
    const c = new Client({ connectionString: this.env.DATABASE_URL });
    await c.connect();
    try {
      return (await c.query(texto, parametros)).rows;
    } finally {
      await c.end();
    }
  }

  async parar(): Promise<void> {
    await sistema.pararApps([{ processo: this.gateway }, ...(this.dispatcher ? [{ processo: this.dispatcher }] : [])]);
    for (const l of this.logs.values()) l.end();
    if (this.nc) {
      const jsm = await this.nc.jetstreamManager();
      for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${this.namespace}_`)) await jsm.streams.delete(s.config.name);
      await this.nc.close();
    }
    // Its RabbitMQ queues (they would expire by themselves after 30 min unused).
    const amqp = await conectarAmqp(this.env.AMQP_URL!).catch(() => undefined);
    if (amqp) {
      const canal = await amqp.createChannel();
      const prefixo = `${this.namespace}.webhooks`;
      await canal.deleteQueue(`${prefixo}.entregas`).catch(() => undefined);
      for (const ms of [100, 250, 500, ...Array.from({ length: 18 }, (_, i) => 2 ** i * 1000)]) await canal.deleteQueue(`${prefixo}.espera.${ms}ms`).catch(() => undefined);
      await canal.deleteExchange(`${prefixo}.entregas`).catch(() => undefined);
      await amqp.close().catch(() => undefined);
    }
    const a = new Client({ connectionString: this.baseUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${this.banco} WITH (FORCE)`);
    await a.end();
  }
}
