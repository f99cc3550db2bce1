// Webhook delivery throughput: signed deliveries per second from the webhook-dispatcher to a loopback
// receiver, end to end (NF-e events on JetStream -> fan-out recorded in PostgreSQL -> RabbitMQ ->
// signed HTTP POST), with 1 endpoint and with 10 endpoints. The receiver verifies every signature
// with @emissor/webhooks-verificador, as an integrator would. Starts its own system (throwaway
// database and NATS namespace; only the gateway and the dispatcher). Usage:
//   node tools/bench/webhooks/run.mjs [--eventos 5000] [--endpoints 1,10] [--atraso-ms 0] [--replicas 1] [--aquecimento 1000]
// --atraso-ms makes the receiver take that long to answer (a realistic receiver is not instant);
// --replicas runs that many dispatcher processes (competing consumers on the same queues);
// --aquecimento deliveries first, not measured (JIT, connection pools, keep-alive sockets).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { criarBancoDescartavel } from '../banco-descartavel.mjs';
import { clienteHttp } from '../cliente-http.mjs';
import { cnpjAleatorio } from '../empresa-apta.mjs';

const require = createRequire(import.meta.url);
const sistema = require('../../sistema.cjs');
const { Client } = require('pg');
const { connect } = require('nats');

const arg = (nome, padrao) => {
  const i = process.argv.indexOf(`--${nome}`);
  return i > 0 ? process.argv[i + 1] : padrao;
};
const EVENTOS = Number(arg('eventos', 5000));
const CENARIOS = String(arg('endpoints', '1,10')).split(',').map(Number);
const ATRASO_MS = Number(arg('atraso-ms', 0));
const REPLICAS = Number(arg('replicas', 1));
const AQUECIMENTO = Number(arg('aquecimento', 1000));

const pct = (v, p) => {
  const o = [...v].sort((a, b) => a - b);
  return o[Math.min(o.length - 1, Math.max(0, Math.ceil((p / 100) * o.length) - 1))];
};

// --- system -------------------------------------------------------------------------------------
const bancoDescartavel = await criarBancoDescartavel('emissor_bench_wh');
const { id, url } = bancoDescartavel;
const env = {
  ...process.env,
  // Not production: the receiver is on loopback, which production refuses (SSRF guard).
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: url,
  NATS_NAMESPACE: `bench_${id}`,
  AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  ADMIN_TOKEN: randomBytes(16).toString('hex'),
  CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  WEBHOOK_CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  LIMITE_REQUISICOES_POR_SEGUNDO: '100000',
};
await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], env);
const { verificarRequisicaoWebhook } = require(path.join(sistema.RAIZ, 'dist', 'libs', 'webhooks-verificador', 'src', 'index.js'));
for (const app of ['gateway', 'webhook-dispatcher']) await sistema.executar(process.execPath, [sistema.arquivoApp(app, 'migrate')], env);
const portas = { gateway: await sistema.portaLivre(), 'webhook-dispatcher': await sistema.portaLivre() };
const saida = (app, l) => l.includes('"level":"error"') && console.error(app, l);
const processos = await sistema.iniciarApps({ env, portas, apps: ['gateway', 'webhook-dispatcher'], saida });
for (let r = 1; r < REPLICAS; r++) {
  processos.push(
    ...(await sistema.iniciarApps({
      env,
      portas: { 'webhook-dispatcher': await sistema.portaLivre() },
      apps: ['webhook-dispatcher'],
      saida,
    })),
  );
}
const URL_BASE = `http://127.0.0.1:${portas.gateway}`;
const pidsDispatcher = processos.filter((p) => p.nome === 'webhook-dispatcher').map((p) => p.processo.pid);
/** CPU time (user + system, ms) the dispatchers have used: a figure that depends less on what else the machine runs. */
const cpuDispatcherMs = () =>
  pidsDispatcher.reduce((total, pid) => {
    const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return total + (Number(campos[11]) + Number(campos[12])) * 10;
  }, 0);
const nc = await connect({ servers: env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const js = nc.jetstream();

const http = clienteHttp(URL_BASE);

// --- receiver -----------------------------------------------------------------------------------
const chaves = new Map(); // path -> key
let recebidas = 0;
let invalidas = 0;
let duplicadas = 0;
const vistas = new Set();
const latencias = [];
let ultimaEm = 0;
const receptor = createServer((req, res) => {
  const partes = [];
  req.on('data', (p) => partes.push(p));
  req.on('end', () => {
    const corpo = Buffer.concat(partes);
    const v = verificarRequisicaoWebhook(chaves.get(req.url), req.headers, corpo);
    if (!v.valido) invalidas++;
    const evento = JSON.parse(corpo.toString('utf8'));
    const chave = `${req.url}:${evento.event_id}`;
    if (vistas.has(chave)) duplicadas++;
    vistas.add(chave);
    recebidas++;
    ultimaEm = Date.now();
    latencias.push(ultimaEm - Date.parse(evento.occurred_at));
    const responder = () => res.writeHead(200).end('ok');
    if (ATRASO_MS) setTimeout(responder, ATRASO_MS);
    else responder();
  });
});
receptor.keepAliveTimeout = 30_000;
await new Promise((r) => receptor.listen(0, '127.0.0.1', r));
const portaReceptor = receptor.address().port;

// --- provisioning -------------------------------------------------------------------------------
const conta = (await http('POST', '/admin/v1/contas', { nome: 'bench' }, { authorization: `Bearer ${env.ADMIN_TOKEN}` })).corpo;
const auth = `Basic ${Buffer.from(`${conta.credenciais.producao.api_key}:${conta.credenciais.producao.api_secret}`).toString('base64')}`;
const bd = new Client({ connectionString: env.DATABASE_URL });
await bd.connect();

async function empresaNova(n) {
  const cnpj = cnpjAleatorio();
  const r = await http(
    'POST',
    '/conta/v1/empresas',
    {
      cnpj,
      razao_social: `Bench ${n} LTDA`,
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
    },
    { authorization: auth },
  );
  if (r.status !== 201) throw new Error(`empresa: ${r.status} ${JSON.stringify(r.corpo)}`);
  const { rows } = await bd.query('SELECT id FROM cadastro.empresas WHERE cnpj = $1', [cnpj]);
  return { cnpj, id: rows[0].id };
}

const codificador = new TextEncoder();
async function publicar(empresaId, n) {
  const pendentes = [];
  for (let i = 0; i < n; i++) {
    const eventId = randomUUID();
    const evento = {
      tipo: 'nfe_autorizada',
      conta_id: conta.id,
      empresa_id: empresaId,
      corpo: {
        event_id: eventId,
        occurred_at: new Date().toISOString(),
        sandbox: false,
        uuid: randomUUID(),
        codigo_externo: `PED-${i}`,
        chave_acesso: '35261111222333000181550010000000011000000010',
        numero: i + 1,
        serie: 1,
        situacao: 'autorizada',
        status_sefaz: { codigo: '100', motivo: 'Autorizado o uso da NF-e' },
        protocolo: '135260000000001',
        xml_url: `http://localhost:3000/nfe/v1/notas/${eventId}/xml`,
        danfe_url: `http://localhost:3000/nfe/v1/notas/${eventId}/danfe`,
      },
    };
    pendentes.push(
      js.publish(`${env.NATS_NAMESPACE}.nfe.eventos.nfe_autorizada.v1`, codificador.encode(JSON.stringify(evento)), { msgID: eventId }),
    );
    if (pendentes.length >= 256) await Promise.all(pendentes.splice(0));
  }
  await Promise.all(pendentes);
}

// --- runs ---------------------------------------------------------------------------------------
if (AQUECIMENTO > 0) {
  const empresa = await empresaNova(0);
  const r = await http(
    'POST',
    '/conta/v1/webhooks',
    { url: `http://127.0.0.1:${portaReceptor}/aquecimento` },
    { authorization: auth, 'x-empresa-cnpj': empresa.cnpj },
  );
  chaves.set('/aquecimento', r.corpo.chave_seguranca);
  await publicar(empresa.id, AQUECIMENTO);
  const limite = Date.now() + 120_000;
  while (recebidas < AQUECIMENTO && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
}
console.log(
  `webhooks: ${EVENTOS} eventos por cenário, receptor em loopback${ATRASO_MS ? ` respondendo em ${ATRASO_MS} ms` : ''}, ${process.env.WEBHOOK_CONCORRENCIA ?? 128} entregas simultâneas por processo, ${REPLICAS} processo(s) do dispatcher`,
);
for (const nEndpoints of CENARIOS) {
  const empresa = await empresaNova(nEndpoints);
  for (let e = 0; e < nEndpoints; e++) {
    const caminho = `/e${nEndpoints}-${e}`;
    const r = await http(
      'POST',
      '/conta/v1/webhooks',
      { url: `http://127.0.0.1:${portaReceptor}${caminho}` },
      { authorization: auth, 'x-empresa-cnpj': empresa.cnpj },
    );
    if (r.status !== 201) throw new Error(`webhook: ${r.status} ${JSON.stringify(r.corpo)}`);
    chaves.set(caminho, r.corpo.chave_seguranca);
  }
  const eventos = Math.ceil(EVENTOS / nEndpoints);
  const total = eventos * nEndpoints;
  recebidas = 0;
  invalidas = 0;
  duplicadas = 0;
  latencias.length = 0;
  const inicio = Date.now();
  const cpuInicio = cpuDispatcherMs();
  await publicar(empresa.id, eventos);
  const publicadoEm = Date.now();
  const limite = inicio + 10 * 60_000;
  while (recebidas < total && Date.now() < limite) await new Promise((r) => setTimeout(r, 20));
  const segundos = (ultimaEm - inicio) / 1000;
  const cpuPorEntrega = (cpuDispatcherMs() - cpuInicio) / recebidas;
  // When the fan-out (JetStream -> PostgreSQL) finished, to tell ingestion from delivery.
  const {
    rows: [fanout],
  } = await bd.query(
    `SELECT extract(epoch FROM max(e.criado_em)) * 1000 AS fim FROM webhooks.entregas e JOIN webhooks.endpoints p ON p.id = e.endpoint_id WHERE p.empresa_id = $1`,
    [empresa.id],
  );
  console.log(
    `${String(nEndpoints).padStart(2)} endpoint(s): ${eventos} eventos -> ${recebidas}/${total} entregas assinadas em ${segundos.toFixed(2)} s = ` +
      `${Math.round(recebidas / segundos)} entregas/s (eventos publicados no JetStream em ${((publicadoEm - inicio) / 1000).toFixed(2)} s, registrados em ${((Number(fanout.fim) - inicio) / 1000).toFixed(2)} s); ` +
      `latência evento->receptor p50 ${pct(latencias, 50)} ms, p99 ${pct(latencias, 99)} ms; assinaturas inválidas: ${invalidas}; duplicadas: ${duplicadas}; ` +
      `CPU do dispatcher: ${cpuPorEntrega.toFixed(2)} ms por entrega (= ${Math.round(1000 / cpuPorEntrega)} entregas/s por núcleo)`,
  );
}

// --- teardown -----------------------------------------------------------------------------------
await sistema.pararApps(processos);
receptor.close();
const jsm = await nc.jetstreamManager();
for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${env.NATS_NAMESPACE}_`)) await jsm.streams.delete(s.config.name);
await nc.close();
// Its RabbitMQ queues (they would expire by themselves 30 min after the run).
const amqp = await require('amqplib')
  .connect(env.AMQP_URL)
  .catch(() => undefined);
if (amqp) {
  const canal = await amqp.createChannel();
  const prefixo = `${env.NATS_NAMESPACE}.webhooks`;
  for (const ms of [100, 250, 500, ...Array.from({ length: 18 }, (_, i) => 2 ** i * 1000)])
    await canal.deleteQueue(`${prefixo}.espera.${ms}ms`);
  await canal.deleteQueue(`${prefixo}.entregas`);
  await canal.deleteExchange(`${prefixo}.entregas`);
  await amqp.close();
}
await bd.end();
await bancoDescartavel.descartar();
process.exit(0);
