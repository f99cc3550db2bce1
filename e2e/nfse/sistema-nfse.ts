/**
 * A small NFS-e system owned by one test (gateway, nfse-service, municipal-simulator,
 * municipal-adapter) in its own database, NATS namespace, test CA and ports, so the test may kill -9
 * the adapter and start it again without touching the run's shared system. A few seconds to start:
 * only for the crash test. Talks to it through its HTTP API like any client.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { calcularDigitosCnpj } from '@emissor/fiscal-domain';
import { carregarOuCriarAcTeste, emitirCertificadoEmpresa } from '@emissor/testing';
import { connect } from 'nats';
import { Client } from 'pg';
import { sistema } from '../support/sistema';
import { MUNICIPIO, SERVICO } from './apoio';

const APPS = ['gateway', 'nfse-service', 'municipal-simulator', 'municipal-adapter'];

interface Processo {
  nome: string;
  porta: number;
  processo: ChildProcess;
}

export interface SistemaNfse {
  url: string;
  controleSimulador: string;
  /** Basic auth header and company CNPJ of a provisioned account (certificate and catalog ready). */
  auth: string;
  cnpj: string;
  pedir(metodo: string, caminho: string, corpo?: unknown): Promise<{ status: number; corpo: any }>;
  /** SIGKILL: no shutdown hooks, in-flight work abandoned. */
  matar(app: string): Promise<void>;
  /** Starts the app again on its port and waits until it is ready. */
  reiniciar(app: string): Promise<void>;
  parar(): Promise<void>;
}

export async function iniciarSistemaNfse(env: Record<string, string> = {}): Promise<SistemaNfse> {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const baseUrl = process.env.DATABASE_URL_TESTES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const banco = `emissor_nfse_${id}`;
  const admin = new Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${banco}`);
  await admin.end();
  const databaseUrl = new URL(baseUrl);
  databaseUrl.pathname = `/${banco}`;
  const acDir = path.join(sistema.RAIZ, 'tmp', `nfse-ac-${id}`);
  const ac = carregarOuCriarAcTeste(acDir);
  // Without the shared system's derived settings (simulator URLs): the launcher derives this system's own.
  const herdado = { ...process.env };
  for (const chave of Object.keys(sistema.ambienteDerivado(sistema.resolverPortas()))) delete herdado[chave];
  const ambiente = {
    ...herdado,
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: databaseUrl.toString(),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_NAMESPACE: `nfse_${id}`,
    ADMIN_TOKEN: randomBytes(24).toString('hex'),
    CHAVE_CRIPTOGRAFIA: randomBytes(32).toString('base64'),
    AC_TESTE_DIR: acDir,
    MUNICIPIO_MODE: 'simulador',
    // Several systems share the machine's PostgreSQL: small pools.
    DB_POOL_MAX: '4',
    ...env,
  };
  let processos: Processo[] = [];
  const logs = new Map<string, WriteStream>();
  const pastaLogs = path.join(sistema.RAIZ, 'tmp', 'e2e-logs', `nfse-${id}`);
  mkdirSync(pastaLogs, { recursive: true });
  const saida = (app: string, linha: string) => {
    if (!logs.has(app)) logs.set(app, createWriteStream(path.join(pastaLogs, `${app}.log`), { flags: 'a' }));
    logs.get(app)!.write(`${linha}\n`);
  };
  const portas: Record<string, number> = {};
  for (const chave of Object.keys(sistema.resolverPortas())) portas[chave] = await sistema.portaLivre();

  const parar = async () => {
    await sistema.pararApps(processos);
    for (const l of logs.values()) l.end();
    const nc = await connect({ servers: ambiente.NATS_URL });
    const jsm = await nc.jetstreamManager();
    for await (const s of jsm.streams.list()) if (s.config.name.startsWith(`${ambiente.NATS_NAMESPACE}_`)) await jsm.streams.delete(s.config.name);
    await nc.close();
    rmSync(acDir, { recursive: true, force: true });
    const a = new Client({ connectionString: baseUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${banco} WITH (FORCE)`);
    await a.end();
  };

  try {
    await sistema.migrar(ambiente);
    processos = await sistema.iniciarApps({ env: ambiente, portas, apps: APPS, saida });
  } catch (erro) {
    await parar().catch(() => undefined);
    throw erro;
  }
  const url = `http://127.0.0.1:${portas.gateway}`;
  const pedirCom = async (cabecalhos: Record<string, string>, metodo: string, caminho: string, corpo?: unknown) => {
    const r = await fetch(`${url}${caminho}`, {
      method: metodo,
      headers: { ...cabecalhos, ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });
    const texto = await r.text();
    return { status: r.status, corpo: texto ? JSON.parse(texto) : undefined };
  };
  const comoAdmin = { authorization: `Bearer ${ambiente.ADMIN_TOKEN}` };
  const conta = await pedirCom(comoAdmin, 'POST', '/admin/v1/contas', { nome: 'Conta NFS-e isolada' });
  const { api_key, api_secret } = conta.corpo.credenciais.producao;
  const auth = `Basic ${Buffer.from(`${api_key}:${api_secret}`).toString('base64')}`;
  const raiz = `${10_000_000 + Math.floor(Math.random() * 89_999_999)}0001`;
  const cnpj = raiz + calcularDigitosCnpj(raiz);
  await pedirCom({ authorization: auth }, 'POST', '/conta/v1/empresas', {
    cnpj,
    razao_social: 'Empresa NFS-e LTDA',
    inscricao_estadual: '123456789',
    regime_tributario: 3,
    endereco: { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', uf: 'SP' },
    codigo_municipio: MUNICIPIO,
  });
  const { pfx } = emitirCertificadoEmpresa({ ac, cnpj, razaoSocial: 'EMPRESA NFSE LTDA', senha: 'senha-teste' });
  const certificado = await pedirCom({ authorization: auth, 'x-empresa-cnpj': cnpj }, 'PUT', '/nfe/v1/empresa/certificado', { pfx: pfx.toString('base64'), senha: 'senha-teste' });
  if (certificado.status !== 200) throw new Error(`certificado: ${certificado.status} ${JSON.stringify(certificado.corpo)}`);
  const servico = await pedirCom(comoAdmin, 'POST', `/admin/v1/municipios/${MUNICIPIO}/servicos`, SERVICO);
  if (servico.status !== 201) throw new Error(`catálogo: ${servico.status}`);

  return {
    url,
    controleSimulador: `http://127.0.0.1:${portas['municipal-simulator']}`,
    auth,
    cnpj,
    pedir: (metodo, caminho, corpo) => pedirCom({ authorization: auth, 'x-empresa-cnpj': cnpj }, metodo, caminho, corpo),
    async matar(app) {
      const alvos = processos.filter((p) => p.nome === app);
      await Promise.all(
        alvos.map(
          (p) =>
            new Promise<void>((resolve) => {
              if (p.processo.exitCode !== null || p.processo.signalCode !== null) return resolve();
              p.processo.once('exit', () => resolve());
              p.processo.kill('SIGKILL');
            }),
        ),
      );
      processos = processos.filter((p) => !alvos.includes(p));
    },
    async reiniciar(app) {
      const [novo] = await sistema.iniciarApps({ env: ambiente, portas, apps: [app], saida });
      processos.push(novo);
    },
    parar,
  };
}
