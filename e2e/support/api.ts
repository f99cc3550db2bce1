/** A small real HTTP client for the gateway, and builders for accounts, companies and certificates. */
import { randomInt } from 'node:crypto';
import { calcularDigitosCnpj } from '@emissor/fiscal-domain';
import {
  type AcTeste,
  carregarOuCriarAcTeste,
  emitirCertificadoEmpresa,
  inscricaoEstadualDeExemplo,
  type OpcoesCertificadoEmpresa,
} from '@emissor/testing';
import { aguardar } from './tempo';

export const URL_BASE = () => process.env.E2E_URL!;

export interface Resposta<T = any> {
  status: number;
  corpo: T;
  cabecalhos: Headers;
  texto: string;
}

export interface Credencial {
  api_key: string;
  api_secret: string;
}

export interface OpcoesRequisicao {
  credencial?: Credencial;
  cnpj?: string;
  cabecalhos?: Record<string, string>;
  /** A raw body string (sent as is), or any value (sent as JSON). */
  corpo?: unknown;
  /** A raw body (sent as is, bytes included). */
  corpoBruto?: string | Uint8Array;
  /** Aborts the request (a client that gives up): the promise then rejects. */
  sinal?: AbortSignal;
}

export async function requisitar<T = any>(metodo: string, caminho: string, o: OpcoesRequisicao = {}): Promise<Resposta<T>> {
  const cabecalhos: Record<string, string> = { ...(o.cabecalhos ?? {}) };
  if (o.credencial)
    cabecalhos.authorization = `Basic ${Buffer.from(`${o.credencial.api_key}:${o.credencial.api_secret}`).toString('base64')}`;
  if (o.cnpj) cabecalhos['x-empresa-cnpj'] = o.cnpj;
  let body: string | Uint8Array | undefined;
  if (o.corpoBruto !== undefined) body = o.corpoBruto;
  else if (o.corpo !== undefined) body = JSON.stringify(o.corpo);
  if (body !== undefined && !Object.keys(cabecalhos).some((c) => c.toLowerCase() === 'content-type'))
    cabecalhos['content-type'] = 'application/json';
  const r = await fetch(`${URL_BASE()}${caminho}`, { method: metodo, headers: cabecalhos, body, signal: o.sinal });
  const texto = await r.text();
  let corpo: any = texto;
  try {
    corpo = texto ? JSON.parse(texto) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: r.status, corpo, cabecalhos: r.headers, texto };
}

/**
 * Points every helper of this file at another system (an isolated one a test started); returns a
 * function that points them back. Tests in a file run one after the other, so this is safe there.
 */
export function usarSistema(alvo: { url: string; adminToken: string; acDir: string }): () => void {
  const anterior = { url: process.env.E2E_URL, token: process.env.E2E_ADMIN_TOKEN, ac: process.env.AC_TESTE_DIR };
  process.env.E2E_URL = alvo.url;
  process.env.E2E_ADMIN_TOKEN = alvo.adminToken;
  process.env.AC_TESTE_DIR = alvo.acDir;
  return () => {
    process.env.E2E_URL = anterior.url;
    process.env.E2E_ADMIN_TOKEN = anterior.token;
    process.env.AC_TESTE_DIR = anterior.ac;
  };
}

export interface ContaTeste {
  id: string;
  producao: Credencial;
  sandbox: Credencial;
}

/** The operator's header for the /admin routes (the run's ADMIN_TOKEN). */
export const cabecalhosAdmin = () => ({ authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` });

export async function criarConta(nome = 'Conta de teste'): Promise<ContaTeste> {
  const r = await requisitar('POST', '/admin/v1/contas', {
    cabecalhos: cabecalhosAdmin(),
    corpo: { nome },
  });
  if (r.status !== 201) throw new Error(`criarConta: ${r.status} ${r.texto}`);
  return { id: r.corpo.id, producao: r.corpo.credenciais.producao, sandbox: r.corpo.credenciais.sandbox };
}

/** A random valid CNPJ (numeric), so runs and tests never collide. */
export function cnpjAleatorio(): string {
  const base = `${randomInt(10_000_000, 99_999_999)}0001`;
  return base + calcularDigitosCnpj(base);
}

/**
 * A random alphanumeric CNPJ (IN RFB 2.229/2024): letters in the root and, unless `ordemNumerica`,
 * in the order (its 12th character a letter), then its check digits.
 */
export function cnpjAlfanumerico(o: { ordemNumerica?: boolean } = {}): string {
  const letras = 'ABCDEGHJKLMNPRSTVWXYZ';
  const letra = () => letras[randomInt(letras.length)];
  const raiz = `${letra()}${randomInt(10)}${letra()}${letra()}${randomInt(10_000).toString().padStart(4, '0')}`;
  const ordem = o.ordemNumerica ? '0001' : `${randomInt(10)}${letra()}${randomInt(10)}${letra()}`;
  return raiz + ordem + calcularDigitosCnpj(raiz + ordem);
}

export function dadosEmpresa(cnpj = cnpjAleatorio(), extra: Record<string, unknown> = {}) {
  // An IE of the company's state (SEFAZ refuses another state's: 209).
  const uf = (extra.endereco as { uf?: unknown } | undefined)?.uf ?? 'SP';
  return {
    cnpj,
    razao_social: 'Empresa de Teste LTDA',
    inscricao_estadual: inscricaoEstadualDeExemplo(uf),
    regime_tributario: 3,
    endereco: { cep: '01310-100', logradouro: 'Avenida Paulista', numero: '1000', bairro: 'Bela Vista', municipio: 'São Paulo', uf: 'SP' },
    codigo_municipio: '3550308',
    ...extra,
  };
}

export async function criarEmpresa(conta: ContaTeste, extra: Record<string, unknown> = {}): Promise<string> {
  const dados = dadosEmpresa(undefined, extra);
  const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpo: dados });
  if (r.status !== 201) throw new Error(`criarEmpresa: ${r.status} ${r.texto}`);
  return r.corpo.cnpj;
}

const acs = new Map<string, AcTeste>();
export function certificadoDe(cnpj: string, opcoes: Partial<OpcoesCertificadoEmpresa> = {}) {
  // The run's CA (global setup), which the simulators trust for mutual TLS.
  const dir = process.env.AC_TESTE_DIR!;
  if (!acs.has(dir)) acs.set(dir, carregarOuCriarAcTeste(dir));
  const ac = acs.get(dir)!;
  return emitirCertificadoEmpresa({ ac, cnpj, razaoSocial: 'EMPRESA DE TESTE LTDA', senha: 'senha-teste', ...opcoes });
}

export async function enviarCertificado(conta: ContaTeste, cnpj: string, opcoes: Partial<OpcoesCertificadoEmpresa> = {}) {
  const { pfx } = certificadoDe(cnpj, opcoes);
  return requisitar('PUT', '/nfe/v1/empresa/certificado', {
    credencial: conta.producao,
    cnpj,
    corpo: { pfx: pfx.toString('base64'), senha: opcoes.senha ?? 'senha-teste' },
  });
}

/** An account with a company apt to issue NF-e (IE, regime, valid certificate from the run's CA). */
export async function contaComEmpresaApta(extra: Record<string, unknown> = {}) {
  const conta = await criarConta();
  const cnpj = await criarEmpresa(conta, extra);
  const r = await enviarCertificado(conta, cnpj);
  if (r.status !== 200) throw new Error(`certificado: ${r.status} ${r.texto}`);
  return { conta, cnpj };
}

/** A final consumer (CPF, not an ICMS taxpayer) in Salvador (BA): a sale from SP to them carries the DIFAL. */
export const consumidorFinalBa = () => ({
  razao_social: 'Consumidor Final',
  cpf_cnpj: '52998224725',
  indicador_ie: 9,
  codigo_municipio: '2927408',
  endereco: { cep: '40020000', logradouro: 'Rua Chile', numero: '10', bairro: 'Centro', municipio: 'Salvador', uf: 'BA' },
});

/** A taxpayer who resells, in São Paulo (ST goes to them; never with the DIFAL). */
export const contribuinteRevendedorSp = (cnpj = cnpjAleatorio()) => ({
  razao_social: 'Comercial Revenda Ltda',
  cpf_cnpj: cnpj,
  indicador_ie: 1,
  inscricao_estadual: '110042490114',
  endereco: { cep: '01310100', logradouro: 'Rua B', numero: '20', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP' },
});

/** A taxpayer who resells, in Rio de Janeiro: a sale from SP to them is at the 12 % interstate rate (4 % imported), no DIFAL. */
export const contribuinteRevendedorRj = (cnpj = cnpjAleatorio()) => ({
  razao_social: 'Distribuidora Carioca Ltda',
  cpf_cnpj: cnpj,
  indicador_ie: 1,
  inscricao_estadual: '99999993',
  codigo_municipio: '3304557',
  endereco: { cep: '20040002', logradouro: 'Rua da Assembleia', numero: '10', bairro: 'Centro', municipio: 'Rio de Janeiro', uf: 'RJ' },
});

let sequencia = 0;
/** A minimal valid NF-e request (one item, no payments: form 90). */
export function notaValida(extra: Record<string, unknown> = {}) {
  return {
    codigo_externo: `PED-${Date.now().toString(36)}-${++sequencia}`,
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Cliente de Teste',
      cpf_cnpj: '12345678909',
      indicador_ie: 9,
      endereco: { cep: '01310100', logradouro: 'Rua A', numero: '10', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP' },
    },
    itens: [
      {
        quantidade: '2',
        codigo: 'P1',
        descricao: 'Camiseta',
        ncm: '61091000',
        cfop: '5102',
        unidade_comercial: 'UN',
        valor_unitario: '49.90',
        cst_icms: '00',
        aliquota_icms: '0.18',
      },
    ],
    ...extra,
  };
}

/** Polls a note until `condicao` holds (verdicts arrive asynchronously). */
export async function esperarNota(
  conta: ContaTeste,
  cnpj: string,
  uuid: string,
  condicao: (nota: any) => boolean,
  limiteMs = 20_000,
  credencial = conta.producao,
) {
  const r = await aguardar(
    () => requisitar('GET', `/nfe/v1/notas/${uuid}`, { credencial, cnpj }),
    (r) => r.status === 200 && condicao(r.corpo),
    { descricao: `nota ${uuid}`, limiteMs },
  );
  return r.corpo;
}

/** Polls a note's cartas de correção until `condicao` holds over the list (their verdicts arrive asynchronously). */
export async function esperarCartas(
  conta: ContaTeste,
  cnpj: string,
  uuid: string,
  condicao: (cartas: any[]) => boolean,
  limiteMs = 30_000,
): Promise<any[]> {
  const ler = async () => {
    const r = await requisitar('GET', `/nfe/v1/notas/${uuid}/cartas-correcao`, { credencial: conta.producao, cnpj });
    if (r.status !== 200) throw new Error(`GET cartas-correcao de ${uuid}: ${r.status} ${r.texto}`);
    return r.corpo as any[];
  };
  return aguardar(ler, condicao, { descricao: `cartas de correção de ${uuid}`, limiteMs, intervaloMs: 200 });
}

/** A download as bytes (the DANFE PDF): status, content type, body, and the JSON error body when there is one. */
export async function baixar(
  caminho: string,
  o: OpcoesRequisicao = {},
): Promise<{ status: number; tipo: string | null; corpo: Buffer; json?: any }> {
  const cabecalhos: Record<string, string> = { ...(o.cabecalhos ?? {}) };
  if (o.credencial)
    cabecalhos.authorization = `Basic ${Buffer.from(`${o.credencial.api_key}:${o.credencial.api_secret}`).toString('base64')}`;
  if (o.cnpj) cabecalhos['x-empresa-cnpj'] = o.cnpj;
  const r = await fetch(`${URL_BASE()}${caminho}`, { headers: cabecalhos });
  const corpo = Buffer.from(await r.arrayBuffer());
  const tipo = r.headers.get('content-type');
  let json: any;
  if (tipo?.includes('json')) json = JSON.parse(corpo.toString('utf8'));
  return { status: r.status, tipo, corpo, json };
}

/** Creates a note and waits until SEFAZ (the simulator in tests) has authorized it. */
export async function criarNotaAutorizada(conta: ContaTeste, cnpj: string, corpo: unknown, credencial = conta.producao, limiteMs = 30_000) {
  const r = await requisitar('POST', '/nfe/v1/notas', { credencial, cnpj, corpo });
  if (r.status !== 201) throw new Error(`criarNotaAutorizada: ${r.status} ${r.texto.slice(0, 500)}`);
  return esperarNota(conta, cnpj, r.corpo.uuid, (n) => n.situacao === 'autorizada', limiteMs, credencial);
}
