// NFS-e end to end: notes/s from create to `emitida`, and the create latency (p50/p99), through the
// real HTTP API, on a system this script starts (built, migrated, throwaway database and NATS
// namespace): gateway, nfse-service, municipal-simulator, municipal-adapter. See README.md.
// Usage: node tools/bench/nfse-e2e/run.mjs [--notas 300] [--concorrencia 16] [--provedor abrasf-2.04|nacional] [--logs] [--manter]
// --provedor nacional measures the national path (DPS to the Sefin Nacional API of the simulator) and
// the ABRASF one in the same run, one company each, one after the other.
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { criarBancoDescartavel } from '../banco-descartavel.mjs';
import { clienteHttp } from '../cliente-http.mjs';

const require = createRequire(import.meta.url);
const sistema = require('../../sistema.cjs');
const { connect } = require('nats');

const { values: a } = parseArgs({
  options: {
    notas: { type: 'string', default: '300' },
    concorrencia: { type: 'string', default: '16' },
    provedor: { type: 'string', default: 'abrasf-2.04' },
    logs: { type: 'boolean', default: false },
    manter: { type: 'boolean', default: false },
  },
});
if (!['abrasf-2.04', 'nacional'].includes(a.provedor)) throw new Error('--provedor deve ser abrasf-2.04 ou nacional');
const PROVEDORES = a.provedor === 'nacional' ? ['nacional', 'abrasf-2.04'] : ['abrasf-2.04'];
const NOTAS = Number(a.notas);
const CONCORRENCIA = Number(a.concorrencia);
const APPS = ['gateway', 'nfse-service', 'municipal-simulator', 'municipal-adapter'];

const bancoDescartavel = await criarBancoDescartavel();
const { id, url } = bancoDescartavel;
const acDir = path.join(sistema.RAIZ, 'tmp', `bench-ac-${id}`);
const env = {
  ...process.env,
  NODE_ENV: 'test',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  DATABASE_URL: url,
  NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  NATS_NAMESPACE: `bench_${id}`,
  ADMIN_TOKEN: randomBytes(16).toString('hex'),
  CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
  AC_TESTE_DIR: acDir,
  MUNICIPIO_MODE: 'simulador',
  // The benchmark measures the pipeline, not the rate limit.
  LIMITE_REQUISICOES_POR_SEGUNDO: '100000',
};

let processos = [];
/** Apps of this run still alive after a failed start (iniciarApps gives no handle then): found by namespace. */
function encerrarRestantes() {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`NATS_NAMESPACE=${env.NATS_NAMESPACE}`))
        process.kill(Number(pid), 'SIGTERM');
    } catch {
      /* gone, or not ours to read */
    }
  }
}
const pararTudo = async () => {
  await sistema.pararApps(processos);
  encerrarRestantes();
  const nc = await connect({ servers: env.NATS_URL });
  const jsm = await nc.jetstreamManager();
  for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${env.NATS_NAMESPACE}_`)) await jsm.streams.delete(s.config.name);
  await nc.close();
  if (a.manter) console.log(`banco mantido: ${bancoDescartavel.nome}`);
  await bancoDescartavel.descartar({ manter: a.manter });
  rmSync(acDir, { recursive: true, force: true });
};

try {
  await sistema.executar(process.execPath, [path.join(sistema.RAIZ, 'tools', 'build.mjs')], env);
  // Loaded after the build: the test CA and company certificate generator, compiled.
  const { carregarOuCriarAcTeste, emitirCertificadoEmpresa } = require(path.join(sistema.RAIZ, 'dist', 'libs', 'testing', 'src'));
  const { calcularDigitosCnpj } = require(path.join(sistema.RAIZ, 'dist', 'libs', 'fiscal-domain', 'src'));
  const ac = carregarOuCriarAcTeste(acDir);
  await sistema.migrar(env);
  const portas = {};
  for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();
  const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'bench-logs');
  if (a.logs) mkdirSync(pastaLogs, { recursive: true });
  const arquivos = new Map();
  processos = await sistema.iniciarApps({
    env,
    portas,
    apps: APPS,
    tempoLimiteMs: 120_000,
    saida: (app, linha) => {
      if (!a.logs) return;
      if (!arquivos.has(app)) arquivos.set(app, createWriteStream(path.join(pastaLogs, `${app}.log`)));
      arquivos.get(app).write(`${linha}\n`);
    },
  });
  const gateway = `http://127.0.0.1:${portas.gateway}`;
  const pedir = clienteHttp(gateway);

  // Provisioning: account, catalog entry; per provider a company (São Paulo) with a test-CA certificate.
  const adminAuth = { authorization: `Bearer ${env.ADMIN_TOKEN}` };
  const conta = await pedir('POST', '/admin/v1/contas', { nome: 'Bench NFS-e' }, adminAuth);
  const { api_key, api_secret } = conta.corpo.credenciais.producao;
  const auth = { authorization: `Basic ${Buffer.from(`${api_key}:${api_secret}`).toString('base64')}` };
  const servico = await pedir(
    'POST',
    '/admin/v1/municipios/3550308/servicos',
    { codigo_cnae: '6201501', codigo_item_lista: '01.07', descricao: 'Suporte técnico', aliquota_iss: '0.05' },
    adminAuth,
  );
  if (servico.status !== 201) throw new Error(`catálogo: ${servico.status}`);
  const controle = `http://127.0.0.1:${portas['municipal-simulator']}`;
  console.log(
    `NFS-e ${NOTAS} notas por provedor, ${CONCORRENCIA} clientes simultâneos (${APPS.join(', ')}; ${Number(process.env.LOTE_TAMANHO_MAXIMO ?? 50)} RPS/lote, ${process.env.LOTE_INTERVALO_MS ?? 1000} ms de intervalo)`,
  );

  for (const provedor of PROVEDORES) {
    const raiz = `${10_000_000 + Math.floor(Math.random() * 89_999_999)}0001`;
    const cnpj = raiz + calcularDigitosCnpj(raiz);
    // São Paulo keeps ABRASF by the domain's table; provedor_nfse chooses explicitly either way.
    const empresa = await pedir(
      'POST',
      '/conta/v1/empresas',
      {
        cnpj,
        razao_social: 'Bench NFS-e LTDA',
        inscricao_estadual: '110042490114',
        inscricao_municipal: '1234567',
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
        provedor_nfse: provedor,
      },
      auth,
    );
    if (empresa.status !== 201) throw new Error(`empresa: ${empresa.status} ${JSON.stringify(empresa.corpo)}`);
    const { pfx } = emitirCertificadoEmpresa({ ac, cnpj, razaoSocial: 'BENCH NFSE LTDA', senha: 'bench' });
    const cert = await pedir(
      'PUT',
      '/nfe/v1/empresa/certificado',
      { pfx: pfx.toString('base64'), senha: 'bench' },
      { ...auth, 'x-empresa-cnpj': cnpj },
    );
    if (cert.status !== 200) throw new Error(`certificado: ${cert.status} ${JSON.stringify(cert.corpo)}`);
    const cabecalhos = { ...auth, 'x-empresa-cnpj': cnpj };

    const nota = (i, prefixo = 'N') => ({
      codigo_externo: `BENCH-${id}-${provedor}-${prefixo}${i}`,
      valor_servicos: `${100 + (i % 900)}.${String(i % 100).padStart(2, '0')}`,
      // The national DPS requires cNBS; the IBSCBS group comes from the other three; outside the Simples
      // (regime 3) the approximate taxes go in pTotTrib (E0713).
      ...(provedor === 'nacional'
        ? {
            nbs_codigo: '115021000',
            nbs_cst: '000',
            nbs_ct: '000001',
            nbs_indop: '030101',
            tributos_aproximados: { federal: '0.1345', estadual: '0', municipal: '0.05' },
          }
        : {}),
      servico: { codigo_cnae: '6201501', codigo_item_lista: '01.07' },
      tomador: { razao_social: `Tomador ${i % 50}`, cpf_cnpj: '12345678909', email: 'tomador@exemplo.com' },
    });
    // Warm-up (connections, JIT, the certificate cache, the XSD compile): not measured.
    for (let i = 0; i < 5; i++) {
      const r = await pedir('POST', '/nfse/v1/notas', nota(i, 'A'), cabecalhos);
      if (r.status !== 201) throw new Error(`aquecimento: ${r.status} ${JSON.stringify(r.corpo)}`);
    }
    const esperarEmitidas = async (total, limiteMs) => {
      const fim = Date.now() + limiteMs;
      for (;;) {
        const r = await pedir('GET', '/nfse/v1/notas?situacao=emitida&per_page=1', undefined, cabecalhos);
        const n = Number(r.cabecalhos['x-total-count']);
        if (n >= total) return Date.now();
        if (Date.now() > fim) throw new Error(`só ${n} de ${total} emitidas em ${limiteMs} ms`);
        await new Promise((r2) => setTimeout(r2, 50));
      }
    };
    await esperarEmitidas(5, 60_000);

    const latencias = [];
    const falhas = [];
    let proxima = 0;
    const inicio = Date.now();
    await Promise.all(
      Array.from({ length: CONCORRENCIA }, async () => {
        while (proxima < NOTAS) {
          const i = proxima++;
          const t0 = performance.now();
          const r = await pedir('POST', '/nfse/v1/notas', nota(i), cabecalhos);
          latencias.push(performance.now() - t0);
          if (r.status !== 201) falhas.push(`${r.status} ${JSON.stringify(r.corpo)}`);
        }
      }),
    );
    const fimCriacao = Date.now();
    const fimEmissao = await esperarEmitidas(NOTAS - falhas.length + 5, 300_000);
    latencias.sort((x, y) => x - y);
    const pct = (p) => latencias[Math.min(latencias.length - 1, Math.ceil((p / 100) * latencias.length) - 1)].toFixed(1);
    console.log(`${provedor}:`);
    console.log(
      `  criação (201): ${((NOTAS * 1000) / (fimCriacao - inicio)).toFixed(1)} notas/s; latência p50 ${pct(50)} ms, p99 ${pct(99)} ms, máx ${latencias[latencias.length - 1].toFixed(1)} ms`,
    );
    console.log(
      `  criação -> emitida (todas): ${(((NOTAS - falhas.length) * 1000) / (fimEmissao - inicio)).toFixed(1)} notas/s (${fimEmissao - inicio} ms)`,
    );
    if (falhas.length) console.log(`  criações recusadas: ${falhas.length} (primeira: ${falhas[0]})`);
    if (provedor === 'nacional') {
      const emitidas = (await (await fetch(`${controle}/controle/nfse?cnpj=${cnpj}`)).json()).filter((n) => n.rps_tipo === 'DPS');
      console.log(`  DPS emitidas pelo Sistema Nacional simulado: ${emitidas.length} (uma requisição por DPS)`);
    } else {
      const recebidos = await (await fetch(`${controle}/controle/lotes?cnpj=${cnpj}`)).json();
      console.log(
        `  lotes enviados ao município: ${recebidos.length} (${recebidos.filter((l) => l.situacao === 'processado_com_sucesso').length} processados com sucesso)`,
      );
    }
  }
} finally {
  await pararTudo();
}
