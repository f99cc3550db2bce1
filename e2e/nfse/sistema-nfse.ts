/**
 * A small NFS-e system owned by one test (gateway, nfse-service, municipal-simulator,
 * municipal-adapter) in its own database, NATS namespace, test CA and ports, so the test may kill -9
 * the adapter and start it again without touching the run's shared system. A few seconds to start:
 * only for the crash test. Talks to it through its HTTP API like any client.
 */
import { calcularDigitosCnpj } from '@emissor/fiscal-domain';
import { carregarOuCriarAcTeste, emitirCertificadoEmpresa } from '@emissor/testing';
import { iniciarSistemaIsolado } from '../support/sistema-isolado';
import { MUNICIPIO, SERVICO } from './apoio';

const APPS = ['gateway', 'nfse-service', 'municipal-simulator', 'municipal-adapter'];

export interface SistemaNfse {
  url: string;
  controleSimulador: string;
  /** Basic auth header and company CNPJ of a provisioned account (certificate and catalog ready). */
  auth: string;
  cnpj: string;
  /** The system's database and NATS namespace: for the tests that play an older producer (a command as queued before an upgrade). */
  databaseUrl: string;
  natsNamespace: string;
  pedir(metodo: string, caminho: string, corpo?: unknown): Promise<{ status: number; corpo: any }>;
  /** SIGKILL: no shutdown hooks, in-flight work abandoned. */
  matar(app: string): Promise<void>;
  /** Starts the app again on its port and waits until it is ready. */
  reiniciar(app: string): Promise<void>;
  parar(): Promise<void>;
}

/** `empresa`: fields added to the company's body (e.g. `provedor_nfse: 'nacional'`). */
export async function iniciarSistemaNfse(env: Record<string, string> = {}, empresa: Record<string, unknown> = {}): Promise<SistemaNfse> {
  // The isolated system of the support folder, with only the NFS-e apps.
  const base = await iniciarSistemaIsolado({ prefixo: 'nfse', apps: APPS, env: { MUNICIPIO_MODE: 'simulador', DB_POOL_MAX: '4', ...env } });
  const pedirCom = async (cabecalhos: Record<string, string>, metodo: string, caminho: string, corpo?: unknown) => {
    const r = await fetch(`${base.url}${caminho}`, {
      method: metodo,
      headers: { ...cabecalhos, ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
      body: corpo === undefined ? undefined : JSON.stringify(corpo),
    });
    const texto = await r.text();
    return { status: r.status, corpo: texto ? JSON.parse(texto) : undefined };
  };
  try {
    const comoAdmin = { authorization: `Bearer ${base.adminToken}` };
    const conta = await pedirCom(comoAdmin, 'POST', '/admin/v1/contas', { nome: 'Conta NFS-e isolada' });
    const { api_key, api_secret } = conta.corpo.credenciais.producao;
    const auth = `Basic ${Buffer.from(`${api_key}:${api_secret}`).toString('base64')}`;
    const raiz = `${10_000_000 + Math.floor(Math.random() * 89_999_999)}0001`;
    const cnpj = raiz + calcularDigitosCnpj(raiz);
    await pedirCom({ authorization: auth }, 'POST', '/conta/v1/empresas', {
      cnpj,
      razao_social: 'Empresa NFS-e LTDA',
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
      codigo_municipio: MUNICIPIO,
      ...empresa,
    });
    const { pfx } = emitirCertificadoEmpresa({
      ac: carregarOuCriarAcTeste(base.acDir),
      cnpj,
      razaoSocial: 'EMPRESA NFSE LTDA',
      senha: 'senha-teste',
    });
    const certificado = await pedirCom({ authorization: auth, 'x-empresa-cnpj': cnpj }, 'PUT', '/nfe/v1/empresa/certificado', {
      pfx: pfx.toString('base64'),
      senha: 'senha-teste',
    });
    if (certificado.status !== 200) throw new Error(`certificado: ${certificado.status} ${JSON.stringify(certificado.corpo)}`);
    const servico = await pedirCom(comoAdmin, 'POST', `/admin/v1/municipios/${MUNICIPIO}/servicos`, SERVICO);
    if (servico.status !== 201) throw new Error(`catálogo: ${servico.status}`);
    return {
      url: base.url,
      controleSimulador: `http://127.0.0.1:${base.portas['municipal-simulator']}`,
      auth,
      cnpj,
      databaseUrl: base.databaseUrl,
      natsNamespace: base.namespace,
      pedir: (metodo, caminho, corpo) => pedirCom({ authorization: auth, 'x-empresa-cnpj': cnpj }, metodo, caminho, corpo),
      matar: (app) => base.matar(app),
      reiniciar: (app) => base.reiniciar(app),
      parar: () => base.parar(),
    };
  } catch (erro) {
    await base.parar().catch(() => undefined);
    throw erro;
  }
}
