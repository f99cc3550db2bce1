/**
 * What the domain knows of the official NF-e schemas: the package it validates against (PL_010 v1.30,
 * NT 2025.002-RTC: IBSCBS, IBSCBSTot, vNFTot; cStat of 3 or 4 digits, protocol numbers of 15 or 17)
 * and which root schema each document it builds is checked with. The files themselves, and reading
 * them, belong to libs/plataforma (`esquemas/`); the validator receives their texts.
 */
export const VERSAO_ESQUEMAS = 'PL_010_V1.30';

export interface EsquemasNfe {
  /** Name of the schema package (PL_...). */
  versao: string;
  /** File name -> XSD text, every .xsd of the package (includes resolve among them). */
  arquivos: Readonly<Record<string, string>>;
}

/** The documents the product validates, by their root schema file. */
export const ESQUEMA_RAIZ = {
  nfe: 'nfe_v4.00.xsd',
  nfeProc: 'procNFe_v4.00.xsd',
  inutNFe: 'inutNFe_v4.00.xsd',
  /**
   * Events: the envelope of any type (`envEvento`, whose infEvento Id takes the alphanumeric key of NT
   * Conjunta 2025.001), the detEvento of each type (the table of event types names it), and the
   * procEventoNFe handed out. The per-type envelopes of older packages (envEventoCancNFe, envCCe,
   * procCCeNFe) still type the Id as 52 digits, so an alphanumeric key fails them.
   */
  envEvento: 'envEvento_v1.00.xsd',
  detEventoCancelamento: 'e110111_v1.00.xsd',
  detEventoCCe: 'e110110_v1.00.xsd',
  procEventoNFe: 'procEventoNFe_v1.00.xsd',
} as const;
export type DocumentoXsd = keyof typeof ESQUEMA_RAIZ;

/** A package of schema texts, frozen; fails when a root schema a document needs is missing. */
export function pacoteDeEsquemas(versao: string, arquivos: Record<string, string>, raizes: Readonly<Record<string, string>>): EsquemasNfe {
  for (const raiz of Object.values(raizes)) {
    if (!arquivos[raiz]) throw new Error(`Esquema ${raiz} ausente do pacote ${versao}`);
  }
  return Object.freeze({ versao, arquivos: Object.freeze({ ...arquivos }) });
}
