// node tools/bench/rpc/run.mjs [pedidos] [concorrencia]
// The RPC hop gateway -> service, two ways in one run against the machine's NATS: Nest's ClientProxy
// (what ClienteRpc used: a new inbox subscription, SUB and UNSUB, for every request) and nats.js's
// request over the connection's one muxed reply subscription (what ClienteRpc does now), both with
// noAsyncTraces. The answering side is the same responder (Nest's reply packet). Prints, per request,
// the CPU of the asking process and of nats-server, and the ratio.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomBytes, randomUUID } from 'node:crypto';

const require = createRequire(import.meta.url);
const { connect, headers } = require('nats');
const { ClientProxyFactory, NatsRecordBuilder, Transport } = require('@nestjs/microservices');
const { firstValueFrom, timeout } = require('rxjs');

const PEDIDOS = Number(process.argv[2] ?? 20000);
const CONCORRENCIA = Number(process.argv[3] ?? 16);
const URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const assunto = `bench_rpc_${randomBytes(4).toString('hex')}.nfe.notas.obter`;
const opcoes = { servers: [URL], noAsyncTraces: true };
const dados = { contexto: { requestId: 'r', credencial: 'producao' }, dados: { uuid: randomUUID() } };

const pidNats = Number(execFileSync('pgrep', ['-o', 'nats-server']).toString().trim());
const cpuNats = () => {
  const campos = readFileSync(`/proc/${pidNats}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(campos[11]) + Number(campos[12])) * 1000) / 100; // ticks of 10 ms -> ms
};

// The answering service: Nest's reply packet ({ response, isDisposed, id }) to every request.
const servidor = await connect(opcoes);
servidor.subscribe(assunto, {
  callback: (_erro, msg) => {
    const { id } = JSON.parse(new TextDecoder().decode(msg.data));
    msg.respond(JSON.stringify({ response: { ok: true, status: 200, dados: { uuid: 'x' } }, isDisposed: true, id }));
  },
});
await servidor.flush();

async function medir(nome, pedir) {
  for (let i = 0; i < 2000; i++) await pedir(); // JIT, connections
  const natsAntes = cpuNats();
  const antes = process.cpuUsage();
  let feitos = 0;
  await Promise.all(
    Array.from({ length: CONCORRENCIA }, async () => {
      while (feitos++ < PEDIDOS) await pedir();
    }),
  );
  const u = process.cpuUsage(antes);
  return { nome, cliente: (u.user + u.system) / 1000 / PEDIDOS, nats: (cpuNats() - natsAntes) / PEDIDOS };
}

const nest = ClientProxyFactory.create({ transport: Transport.NATS, options: opcoes });
await nest.connect();
const viaNest = () => {
  const h = headers();
  h.set('x-request-id', 'r');
  return firstValueFrom(nest.send(assunto, new NatsRecordBuilder(dados).setHeaders(h).build()).pipe(timeout(5000)));
};
const nc = nest.unwrap();
const viaRequest = async () => {
  const h = headers();
  h.set('x-request-id', 'r');
  const msg = await nc.request(assunto, JSON.stringify({ pattern: assunto, data: dados, id: randomUUID() }), { timeout: 5000, headers: h });
  return msg.json().response;
};

const linhas = [
  await medir('Nest ClientProxy (inbox por pedido)', viaNest),
  await medir('nats.js request (inbox compartilhada)', viaRequest),
];
await nest.close();
await servidor.close();
console.log(`RPC por NATS, ${PEDIDOS} pedidos, ${CONCORRENCIA} simultâneos; CPU por pedido (ms):`);
for (const l of linhas) console.log(`  ${l.nome.padEnd(40)} quem pede ${l.cliente.toFixed(4)}  nats-server ${l.nats.toFixed(4)}`);
const [a, b] = linhas;
console.log(`  razão (Nest / request): quem pede ${(a.cliente / b.cliente).toFixed(2)}x, nats-server ${(a.nats / b.nats).toFixed(2)}x`);
