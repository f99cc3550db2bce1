import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The official NF-e schemas, vendored beside this file: the SEFAZ "pacote de liberação" PL_010 v1.30
 * (NT 2025.002-RTC: IBSCBS, IBSCBSTot, vNFTot; cStat of 3 or 4 digits, protocol numbers of 15 or 17),
 * unmodified public files from the Portal da NF-e — only the ones the validated documents include
 * (nfe, nfeProc, inutNFe, cancellation event, carta de correção and its procEventoNFe, and the types and XMLDSig they import). The build copies
 * .xsd files to dist/ beside the compiled code. This is the only I/O of the fiscal domain; the
 * validator itself receives the loaded texts.
 */
export const VERSAO_ESQUEMAS = 'PL_010_V1.30';

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
  /** Carta de correção (110110): the envEvento sent, and the procEventoNFe handed out. */
  envCCe: 'envCCe_v1.00.xsd',
  procEventoCCe: 'procCCeNFe_v1.00.xsd',
} as const;
export type DocumentoXsd = keyof typeof ESQUEMA_RAIZ;

export function diretorioEsquemas(): string {
  return join(__dirname, VERSAO_ESQUEMAS);
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
