/**
 * Configuration is read from the environment once, at start, and validated as a whole:
 * a missing or malformed variable stops the app with a message naming every bad one.
 */
export class ErroConfiguracao extends Error {
  constructor(
    readonly app: string,
    readonly problemas: string[],
  ) {
    super(`Configuração inválida de ${app}:\n${problemas.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ErroConfiguracao';
  }
}

type Leitor<T> = (nome: string, bruto: string | undefined) => T;

interface Variavel<T> {
  ler: Leitor<T>;
}

/** Thrown inside a reader to report one problem with one variable. */
class ProblemaVariavel extends Error {}

function variavel<T>(ler: Leitor<T>): Variavel<T> {
  return { ler };
}

function obrigatoria(nome: string, bruto: string | undefined, padrao?: string): string {
  const valor = bruto === undefined || bruto === '' ? padrao : bruto;
  if (valor === undefined) throw new ProblemaVariavel(`${nome} é obrigatória e não foi definida`);
  return valor;
}

export const texto = (opcoes: { padrao?: string; minimo?: number } = {}) =>
  variavel((nome, bruto) => {
    const valor = obrigatoria(nome, bruto, opcoes.padrao);
    if (opcoes.minimo !== undefined && valor.length < opcoes.minimo) {
      throw new ProblemaVariavel(`${nome} deve ter pelo menos ${opcoes.minimo} caracteres`);
    }
    return valor;
  });

export const textoOpcional = () => variavel((_nome, bruto) => (bruto === undefined || bruto === '' ? undefined : bruto));

export const inteiro = (opcoes: { padrao?: number; minimo?: number; maximo?: number } = {}) =>
  variavel((nome, bruto) => {
    const valor = obrigatoria(nome, bruto, opcoes.padrao?.toString());
    if (!/^-?\d+$/.test(valor)) throw new ProblemaVariavel(`${nome} deve ser um número inteiro (recebido "${valor}")`);
    const n = Number(valor);
    if (opcoes.minimo !== undefined && n < opcoes.minimo) throw new ProblemaVariavel(`${nome} deve ser >= ${opcoes.minimo}`);
    if (opcoes.maximo !== undefined && n > opcoes.maximo) throw new ProblemaVariavel(`${nome} deve ser <= ${opcoes.maximo}`);
    return n;
  });

export const inteiroOpcional = (opcoes: { minimo?: number; maximo?: number } = {}) =>
  variavel((nome, bruto) => {
    if (bruto === undefined || bruto === '') return undefined;
    return inteiro(opcoes).ler(nome, bruto);
  });

export const url = (opcoes: { padrao?: string; protocolos: string[] }) =>
  variavel((nome, bruto) => {
    const valor = obrigatoria(nome, bruto, opcoes.padrao);
    let protocolo: string;
    try {
      protocolo = new URL(valor).protocol.replace(/:$/, '');
    } catch {
      throw new ProblemaVariavel(`${nome} não é uma URL válida`);
    }
    if (!opcoes.protocolos.includes(protocolo)) {
      throw new ProblemaVariavel(`${nome} deve usar ${opcoes.protocolos.join(' ou ')} (recebido ${protocolo}:)`);
    }
    return valor;
  });

export const umDe = <T extends string>(valores: readonly T[], opcoes: { padrao?: T } = {}) =>
  variavel((nome, bruto) => {
    const valor = obrigatoria(nome, bruto, opcoes.padrao);
    if (!valores.includes(valor as T)) throw new ProblemaVariavel(`${nome} deve ser um de: ${valores.join(', ')} (recebido "${valor}")`);
    return valor as T;
  });

/** One DNS label: letters, digits and hyphens, not at either end; 63 characters at most. */
const ROTULO_DNS = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A comma-separated list of DNS host names (spaces around commas ignored, lower-cased, no
 * wildcards); empty or unset gives the default (an empty list unless told).
 */
export const nomesDns = (opcoes: { padrao?: string[] } = {}) =>
  variavel((nome, bruto) => {
    const nomes = (bruto ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean);
    if (!nomes.length) return [...(opcoes.padrao ?? [])];
    const invalidos = nomes.filter((n) => n.length > 253 || !n.split('.').every((r) => ROTULO_DNS.test(r)));
    if (invalidos.length)
      throw new ProblemaVariavel(`${nome} deve ser uma lista de nomes DNS separados por vírgula (inválido: ${invalidos.join(', ')})`);
    return [...new Set(nomes)];
  });

/** A 32-byte key given as base64 (44 chars) or hex (64 chars). */
export const chave256 = (opcoes: { padrao?: string } = {}) =>
  variavel((nome, bruto) => {
    const valor = obrigatoria(nome, bruto, opcoes.padrao);
    const chave = /^[0-9a-fA-F]{64}$/.test(valor) ? Buffer.from(valor, 'hex') : Buffer.from(valor, 'base64');
    if (chave.length !== 32) throw new ProblemaVariavel(`${nome} deve ter 32 bytes (base64 ou hex)`);
    return chave;
  });

export type Definicoes = Record<string, Variavel<unknown>>;
export type Configuracao<D extends Definicoes> = { [K in keyof D]: D[K] extends Variavel<infer T> ? T : never };

export function carregarConfiguracao<D extends Definicoes>(
  app: string,
  definicoes: D,
  ambiente: NodeJS.ProcessEnv = process.env,
): Configuracao<D> {
  const problemas: string[] = [];
  const resultado: Record<string, unknown> = {};
  for (const [nome, definicao] of Object.entries(definicoes)) {
    try {
      resultado[nome] = definicao.ler(nome, ambiente[nome]);
    } catch (erro) {
      if (!(erro instanceof ProblemaVariavel)) throw erro;
      problemas.push(erro.message);
    }
  }
  if (problemas.length) throw new ErroConfiguracao(app, problemas);
  return resultado as Configuracao<D>;
}

/** The variables every app shares (decisions §1). */
export const definicoesComuns = {
  NODE_ENV: umDe(['development', 'test', 'production'] as const, { padrao: 'development' }),
  DATABASE_URL: url({ protocolos: ['postgres', 'postgresql'], padrao: 'postgres://postgres@127.0.0.1:5432/emissor' }),
  NATS_URL: url({ protocolos: ['nats', 'tls'], padrao: 'nats://127.0.0.1:4222' }),
  NATS_NAMESPACE: textoOpcional(),
  /** Upper bound of each app's PostgreSQL pool (unset: the app's own default, 10 or 20). */
  DB_POOL_MAX: inteiroOpcional({ minimo: 1, maximo: 200 }),
  /** `nao` keeps every statement unnamed (a pooler in transaction mode); banco/consultas-preparadas.ts. */
  DB_CONSULTAS_PREPARADAS: umDe(['sim', 'nao'] as const, { padrao: 'sim' }),
  LOG_LEVEL: umDe(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, { padrao: 'info' }),
};
