// The floor of the NF-e path's shape on this machine: the same hops as a note (Nest + Fastify HTTP,
// Nest NATS RPC, a PostgreSQL commit with an outbox row, JetStream to an adapter, an HTTP call to a
// "SEFAZ", the verdict back over JetStream and committed) with no fiscal work at all: no validation,
// no XML, no signature, no XSD, no TLS, no ORM. Whatever this reaches, the real system cannot beat.
//   node tools/bench/piso/run.mjs [--clientes 16] [--segundos 10] [--nivel 5] [--aquecimento 30]
// --aquecimento: seconds of closed loop before the measurement, until the JIT has compiled what the
// path runs (see ../nfe-e2e/README.md, "Warm-up"); its notes are drained before the measurement starts.
// Levels: 1 HTTP only; 2 + NATS RPC to the service; 3 + the service commits note and outbox row;
// 4 + the row goes to JetStream; 5 + adapter, "SEFAZ" and the verdict back (end to end);
// 6 + the fiscal work no implementation can skip (the domain's own functions, from dist/: run
// `node tools/build.mjs` first): the service calculates, builds, signs and schema-checks a real NF-e,
// "SEFAZ" schema-checks it and verifies its signature.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { criarBancoDescartavel } from '../banco-descartavel.mjs';
import { dadosEmpresaBench } from '../empresa-apta.mjs';
import { clienteHttp } from '../cliente-http.mjs';
import { cpuDe, cpuDoComando, cpuProprio } from '../cpu.mjs';

const require = createRequire(import.meta.url);
const { portaLivre } = require('../../sistema.cjs');
const { notaBench } = require('../nota-bench.cjs');
const arg = (nome, padrao) => {
  const i = process.argv.indexOf(`--${nome}`);
  return i > 0 ? Number(process.argv[i + 1]) : padrao;
};
const papel = process.env.PISO_PAPEL;
const NIVEL = Number(process.env.PISO_NIVEL ?? arg('nivel', 5));
const ns = process.env.PISO_NS;
const DB = process.env.PISO_DB;
// A signed 10-item NF-e is about 15 KB: the row, the outbox payload and the messages carry that much.
const XML = 'x'.repeat(15_000);

const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const pronto = () => process.send?.('pronto');

// Each role runs with the JIT setting the apps start with (libs/plataforma, compilador-jit.ts), so the
// floor and the product are compared on the same V8 tier-up. It comes from dist/: build first.
if (papel) {
  try {
    require('../../../dist/libs/plataforma/src/inicializacao/compilador-jit').ajustarCompiladorJit();
  } catch {
    process.stderr.write('piso: dist/ sem compilador-jit (rode node tools/build.mjs): papéis com o JIT padrão do V8\n');
  }
}

/**
 * Nível 6: the fiscal work of a note, with the same domain functions nfe-service and the simulator
 * call. Nothing else of theirs: no tenancy, no catalog, no numbering lock, no ORM, no business rules
 * of the authority beyond its schema and signature checks.
 */
function trabalhoFiscal() {
  const dominio = require('../../../dist/libs/fiscal-domain/src');
  const { carregarEsquemasNfe, criarValidadorXsd } = require('../../../dist/libs/plataforma/src/esquemas');
  const { createPrivateKey } = require('node:crypto');
  const validador = criarValidadorXsd(carregarEsquemasNfe());
  const validar = async (xml) => {
    const r = await validador.validar('nfe', xml);
    if (!r.valido) throw new Error(`XSD: ${r.erros.map((e) => e.mensagem).join('; ')}`);
  };
  // The benches' company, in the domain's shape (the IBGE code inside the address).
  const { codigo_municipio, ...api } = dadosEmpresaBench('11222333000181', 'Empresa Piso Ltda');
  const empresa = { ...api, endereco: { ...api.endereco, codigo_municipio } };
  // Parsed once, as nfe-service keeps each company's key (certificados.service).
  const assinante = process.env.PISO_CHAVE_PEM
    ? { chavePrivada: createPrivateKey(process.env.PISO_CHAVE_PEM), certificadoDerBase64: process.env.PISO_CERTIFICADO_DER }
    : null;
  let numero = 0;
  return {
    /** nfe-service's part: the note's values, its XML, the signature and the schema check. */
    async emitir(corpo) {
      const { nota } = dominio.preencherNota(corpo, empresa, () => null);
      const dataEmissao = new Date();
      const { erros, calculo } = dominio.avaliarNota({ ...nota, serie: 1 }, empresa, dataEmissao);
      if (!calculo || Object.keys(erros).length) throw new Error(`nota inválida: ${JSON.stringify(erros)}`);
      numero += 1;
      const codigoNumerico = String(10_000_000 + numero).slice(-8);
      const chaveAcesso = dominio.chaveAcessoDaNota({ empresa, serie: 1, numero, dataEmissao, codigoNumerico });
      const identificacao = { numero, serie: 1, chaveAcesso, dataEmissao, ambiente: 2 };
      const xml = dominio.montarXmlNfe({ empresa, nota: { ...nota, serie: 1 }, identificacao, calculo });
      const assinado = dominio.assinarXml(xml, { tagAssinada: 'infNFe', ...assinante });
      await validar(assinado);
      return assinado;
    },
    /** The authority's part: the schema and the signature of what it received. */
    async conferir(xml) {
      await validar(xml);
      const v = dominio.verificarAssinaturaXml(xml, 'infNFe');
      if (!v.valida) throw new Error(`assinatura: ${v.detalhe}`);
    },
  };
}

/** A test-CA e-CNPJ for nível 6's signature (the domain's generator, as the tests' certificates). */
function certificadoDescartavel() {
  const { criarAcTeste, emitirCertificadoEmpresa } = require('../../../dist/libs/fiscal-domain/src');
  const c = emitirCertificadoEmpresa({ ac: criarAcTeste(), cnpj: '11222333000181', razaoSocial: 'EMPRESA PISO LTDA', senha: 'piso' });
  const der = c.certificadoPem.replace(/-----[^-]+-----|\s/g, '');
  return { PISO_CHAVE_PEM: c.chavePrivadaPem, PISO_CERTIFICADO_DER: der };
}

if (papel === 'frente') {
  // The gateway's shape: Nest on Fastify, one route, a NATS ClientProxy request per note.
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { FastifyAdapter } = require('@nestjs/platform-fastify');
  const { Controller, Post, Body, HttpCode, Module, Inject } = require('@nestjs/common');
  const { ClientsModule, Transport } = require('@nestjs/microservices');
  const { firstValueFrom } = require('rxjs');
  class Frente {
    constructor(cliente) {
      this.cliente = cliente;
    }
    criar(corpo) {
      if (NIVEL === 1) return { uuid: randomBytes(16).toString('hex'), itens: corpo.itens.length };
      return firstValueFrom(this.cliente.send(`${ns}.criar`, corpo));
    }
  }
  Inject('NATS')(Frente, undefined, 0);
  Body()(Frente.prototype, 'criar', 0);
  Reflect.decorate([Post('notas'), HttpCode(201)], Frente.prototype, 'criar', Object.getOwnPropertyDescriptor(Frente.prototype, 'criar'));
  Reflect.decorate([Controller()], Frente);
  class Modulo {}
  Reflect.decorate(
    [
      Module({
        imports: [ClientsModule.register([{ name: 'NATS', transport: Transport.NATS, options: { servers: natsUrl } }])],
        controllers: [Frente],
      }),
    ],
    Modulo,
  );
  const app = await NestFactory.create(Modulo, new FastifyAdapter(), { logger: false });
  await app.listen(Number(process.env.PISO_PORTA), '127.0.0.1');
  pronto();
} else if (papel === 'servico') {
  // nfe-service's shape: a Nest NATS microservice; the note and its outbox row in one commit; a relay
  // publishing the row to JetStream; a consumer committing the verdict.
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const { Controller, Module } = require('@nestjs/common');
  const { MessagePattern, Payload, Transport } = require('@nestjs/microservices');
  const { Pool } = require('pg');
  const { connect } = require('nats');
  const banco = new Pool({ connectionString: DB, max: 8 });
  const nc = await connect({ servers: natsUrl });
  const js = nc.jetstream();
  const fiscal = NIVEL >= 6 ? trabalhoFiscal() : null;
  class Servico {
    async criar(corpo) {
      if (NIVEL === 2) return { uuid: randomBytes(16).toString('hex'), itens: corpo.itens.length };
      const id = randomBytes(16).toString('hex');
      const xml = fiscal ? await fiscal.emitir(corpo) : XML;
      await banco.query(
        'WITH n AS (INSERT INTO piso_notas (id, xml, situacao) VALUES ($1, $2, $3)) INSERT INTO piso_saida (id, dados) VALUES ($1, $2)',
        [id, xml, 'pendente'],
      );
      if (NIVEL >= 4) {
        await js.publish(`${ns}.autorizar`, new TextEncoder().encode(JSON.stringify({ id, xml })), { msgID: id });
        await banco.query('DELETE FROM piso_saida WHERE id = $1', [id]);
      }
      return { uuid: id, itens: corpo.itens.length };
    }
  }
  Payload()(Servico.prototype, 'criar', 0);
  Reflect.decorate(
    [MessagePattern(`${ns}.criar`)],
    Servico.prototype,
    'criar',
    Object.getOwnPropertyDescriptor(Servico.prototype, 'criar'),
  );
  Reflect.decorate([Controller()], Servico);
  class Modulo {}
  Reflect.decorate([Module({ controllers: [Servico] })], Modulo);
  const app = await NestFactory.createMicroservice(Modulo, {
    transport: Transport.NATS,
    options: { servers: natsUrl, queue: ns },
    logger: false,
  });
  await app.listen();
  if (NIVEL >= 5) {
    const mensagens = await (await js.consumers.get(`PISO_${ns}`, 'veredictos')).consume({ max_messages: 64 });
    void (async () => {
      for await (const m of mensagens) {
        const v = JSON.parse(new TextDecoder().decode(m.data));
        banco.query('UPDATE piso_notas SET situacao = $2, protocolo = $3 WHERE id = $1', [v.id, 'autorizada', v.protocolo]).then(
          () => m.ack(),
          () => m.nak(100),
        );
      }
    })();
  }
  pronto();
} else if (papel === 'adaptador') {
  // sefaz-adapter's shape: consume the command, mark it in PostgreSQL, call "SEFAZ", store and publish the verdict.
  const http = require('node:http');
  const { Pool } = require('pg');
  const { connect } = require('nats');
  const banco = new Pool({ connectionString: DB, max: 8 });
  const nc = await connect({ servers: natsUrl });
  const js = nc.jetstream();
  const agente = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const chamar = (corpo) =>
    new Promise((resolver, rejeitar) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(process.env.PISO_PORTA_SEFAZ),
          method: 'POST',
          path: '/ws',
          agent: agente,
          headers: { 'content-type': 'application/soap+xml', 'content-length': Buffer.byteLength(corpo) },
        },
        (res) => {
          const partes = [];
          res.on('data', (p) => partes.push(p));
          res.on('end', () => {
            const texto = Buffer.concat(partes).toString();
            if (res.statusCode === 200) resolver(texto);
            else rejeitar(new Error(`SEFAZ respondeu ${res.statusCode}: ${texto.slice(0, 300)}`));
          });
        },
      );
      req.on('error', rejeitar);
      req.end(corpo);
    });
  const mensagens = await (await js.consumers.get(`PISO_${ns}`, 'autorizar')).consume({ max_messages: 64 });
  void (async () => {
    for await (const m of mensagens) {
      void (async () => {
        const { id, xml } = JSON.parse(new TextDecoder().decode(m.data));
        await banco.query('INSERT INTO piso_envios (id, situacao) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, 'enviando']);
        const protocolo = await chamar(`<env><nfe id="${id}">${xml}</nfe></env>`);
        await banco.query('UPDATE piso_envios SET situacao = $2 WHERE id = $1', [id, protocolo]);
        await js.publish(`${ns}.veredicto`, new TextEncoder().encode(JSON.stringify({ id, protocolo })), { msgID: `v-${id}` });
        m.ack();
      })().catch((erro) => {
        // A reset kept-alive socket and the like: the message comes back (the real adapter consults first).
        console.error(`adaptador: ${erro.message}`);
        m.nak(100);
      });
    }
  })();
  pronto();
} else if (papel === 'sefaz') {
  // The simulator's shape: read the envelope, store the note, answer a protocol.
  const http = require('node:http');
  const { Pool } = require('pg');
  const banco = new Pool({ connectionString: DB, max: 8 });
  const fiscal = NIVEL >= 6 ? trabalhoFiscal() : null;
  let protocolo = 135_000_000_000_000;
  http
    .createServer((req, res) => {
      const partes = [];
      req.on('data', (p) => partes.push(p));
      req.on('end', async () => {
        const corpo = Buffer.concat(partes).toString();
        const id = corpo.slice(corpo.indexOf('id="') + 4, corpo.indexOf('">'));
        const p = String(++protocolo);
        try {
          if (fiscal) await fiscal.conferir(corpo.slice(corpo.indexOf('<NFe'), corpo.lastIndexOf('</NFe>') + 6));
          // A note sent again (its first answer was lost) keeps its first protocol.
          const r = await banco.query(
            'INSERT INTO piso_sefaz (id, protocolo) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET id = EXCLUDED.id RETURNING protocolo',
            [id, p],
          );
          res.writeHead(200, { 'content-type': 'application/soap+xml' }).end(r.rows[0].protocolo);
        } catch (erro) {
          res.writeHead(500).end(String(erro.message));
        }
      });
    })
    .listen(Number(process.env.PISO_PORTA_SEFAZ), '127.0.0.1', pronto);
} else {
  await orquestrar();
}

async function orquestrar() {
  const CLIENTES = arg('clientes', 16);
  const SEGUNDOS = arg('segundos', 10);
  const AQUECIMENTO = arg('aquecimento', 30);
  const { Client } = require('pg');
  const { connect } = require('nats');
  const bancoDescartavel = await criarBancoDescartavel('emissor_piso');
  const { id, url } = bancoDescartavel;
  const db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`CREATE TABLE piso_notas (id text PRIMARY KEY, xml text NOT NULL, situacao text NOT NULL, protocolo text, criado_em timestamptz NOT NULL DEFAULT now(), atualizado_em timestamptz NOT NULL DEFAULT now());
    CREATE TABLE piso_saida (id text PRIMARY KEY, dados text NOT NULL);
    CREATE TABLE piso_envios (id text PRIMARY KEY, situacao text NOT NULL);
    CREATE TABLE piso_sefaz (id text PRIMARY KEY, protocolo text NOT NULL)`);
  const nsId = `piso_${id}`;
  const nc = await connect({ servers: natsUrl });
  const jsm = await nc.jetstreamManager();
  await jsm.streams.add({
    name: `PISO_${nsId}`,
    subjects: [`${nsId}.autorizar`, `${nsId}.veredicto`],
    storage: 'file',
    duplicate_window: 120e9,
  });
  for (const [nome, assunto] of [
    ['autorizar', 'autorizar'],
    ['veredictos', 'veredicto'],
  ])
    await jsm.consumers.add(`PISO_${nsId}`, {
      durable_name: nome,
      ack_policy: 'explicit',
      filter_subject: `${nsId}.${assunto}`,
      max_ack_pending: 1000,
    });

  const porta = await portaLivre();
  const portaSefaz = await portaLivre();
  const env = {
    ...process.env,
    PISO_NS: nsId,
    PISO_DB: url,
    PISO_NIVEL: String(NIVEL),
    PISO_PORTA: String(porta),
    PISO_PORTA_SEFAZ: String(portaSefaz),
    ...(NIVEL >= 6 ? certificadoDescartavel() : {}),
  };
  const papeis = NIVEL >= 5 ? ['sefaz', 'adaptador', 'servico', 'frente'] : NIVEL >= 2 ? ['servico', 'frente'] : ['frente'];
  const filhos = [];
  let encerrando = false;
  for (const p of papeis) {
    const filho = fork(fileURLToPath(import.meta.url), [], { env: { ...env, PISO_PAPEL: p } });
    await new Promise((resolver, rejeitar) => {
      filho.once('message', resolver);
      filho.once('exit', (c) => rejeitar(new Error(`${p} saiu com ${c}`)));
    });
    filhos.push({ nome: p, pid: filho.pid, filho });
    // A process that dies mid-run would leave the wait below hanging: stop the run instead.
    filho.once('exit', (codigo, sinal) => {
      if (!encerrando) {
        console.error(`${p} terminou durante a medição (${codigo ?? sinal}): resultado inválido`);
        process.exit(1);
      }
    });
  }

  const http = clienteHttp(`http://127.0.0.1:${porta}`);
  const nota = notaBench('P');
  const amostra = () => ({
    ...Object.fromEntries(filhos.map((f) => [f.nome, cpuDe(f.pid)])),
    postgres: cpuDoComando('postgres'),
    'nats-server': cpuDoComando('nats-server'),
    bench: cpuProprio(),
  });

  const laco = async (segundos, lat) => {
    const fim = performance.now() + segundos * 1000;
    await Promise.all(
      Array.from({ length: CLIENTES }, async () => {
        while (performance.now() < fim) {
          const t = performance.now();
          const r = await http('POST', '/notas', nota);
          if (r.status !== 201) throw new Error(`status ${r.status}`);
          lat?.push(performance.now() - t);
        }
      }),
    );
  };
  const feitas = async () =>
    (
      await db.query(
        NIVEL >= 5 ? "SELECT count(*)::int n FROM piso_notas WHERE situacao = 'autorizada'" : 'SELECT count(*)::int n FROM piso_notas',
      )
    ).rows[0].n;
  /** From nível 3 on, waits until `alvo` notes are done (committed, or authorised from nível 5); 120 s at most. */
  const esperarFeitas = async (alvo) => {
    const prazo = performance.now() + 120_000;
    while (NIVEL >= 3 && (await feitas()) < alvo) {
      if (performance.now() > prazo) throw new Error(`${alvo - (await feitas())} notas sem veredicto 120 s após o laço`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  // Warm-up, then its notes drained, so the measurement neither pays the JIT nor carries their verdicts.
  const aquecimento = [];
  await laco(Math.max(1, AQUECIMENTO), aquecimento);
  await esperarFeitas(aquecimento.length);
  const antes = await feitas();
  const cpuAntes = amostra();
  const t0 = performance.now();
  const lat = [];
  await laco(SEGUNDOS, lat);
  await esperarFeitas(antes + lat.length);
  const duracao = (performance.now() - t0) / 1000;
  const cpuDepois = amostra();
  lat.sort((a, b) => a - b);
  const p = (q) => lat[Math.min(lat.length - 1, Math.ceil(q * lat.length) - 1)].toFixed(1);
  console.log(`Piso, nível ${NIVEL}, ${CLIENTES} clientes, ${SEGUNDOS} s (${os.cpus().length} núcleos)`);
  console.log(
    `  ${lat.length} notas: ${(lat.length / SEGUNDOS).toFixed(0)}/s criadas, ${(lat.length / duracao).toFixed(0)}/s até o fim; criação p50 ${p(0.5)} ms  p99 ${p(0.99)} ms`,
  );
  console.log(
    `  CPU por nota (ms): ${Object.entries(cpuDepois)
      .map(([k, v]) => `${k} ${(((v - cpuAntes[k]) * 1000) / lat.length).toFixed(2)}`)
      .join(', ')}`,
  );

  encerrando = true;
  for (const f of filhos) f.filho.kill('SIGTERM');
  await db.end();
  await jsm.streams.delete(`PISO_${nsId}`);
  await nc.close();
  await bancoDescartavel.descartar();
  process.exit(0);
}
