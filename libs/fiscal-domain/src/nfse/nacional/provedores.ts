/**
 * Which NFS-e provider a company issues through (decisions §10). Since 2026-01-01 (LC 214/2025:
 * every municipality must accept the national environment or share its notes in the national layout) the default is `nacional`; the municipalities below
 * keep their own ABRASF 2.04 web service for this product, from the date given (deployment data,
 * the same four the municipal adapter has endpoints for). A company's `provedor_nfse` overrides.
 */
export const PROVEDORES_NFSE = ['nacional', 'abrasf-2.04'] as const;
export type ProvedorNfseNome = (typeof PROVEDORES_NFSE)[number];
export const ehProvedorNfse = (v: unknown): v is ProvedorNfseNome => typeof v === 'string' && (PROVEDORES_NFSE as readonly string[]).includes(v);

export interface ProvedorMunicipio {
  codigo_municipio: string;
  nome: string;
  provedor: ProvedorNfseNome;
  /** YYYY-MM-DD, inclusive. */
  desde: string;
  /** YYYY-MM-DD, inclusive; absent: still in force. */
  ate?: string;
}

export const PROVEDOR_NFSE_PADRAO: ProvedorNfseNome = 'nacional';

/** Table as of 2026-11-24 (municipalities not listed: `nacional`). */
export const PROVEDORES_POR_MUNICIPIO: readonly ProvedorMunicipio[] = Object.freeze([
  { codigo_municipio: '3550308', nome: 'São Paulo', provedor: 'abrasf-2.04', desde: '2026-01-01' },
  { codigo_municipio: '3304557', nome: 'Rio de Janeiro', provedor: 'abrasf-2.04', desde: '2026-01-01' },
  { codigo_municipio: '2304400', nome: 'Fortaleza', provedor: 'abrasf-2.04', desde: '2026-01-01' },
  { codigo_municipio: '3106200', nome: 'Belo Horizonte', provedor: 'abrasf-2.04', desde: '2026-01-01' },
]);

/** The provider of a municipality on a day (YYYY-MM-DD; default today, UTC). */
export function provedorNfseDoMunicipio(codigoMunicipio: string, dia = new Date().toISOString().slice(0, 10)): ProvedorNfseNome {
  const entrada = PROVEDORES_POR_MUNICIPIO.find((m) => m.codigo_municipio === codigoMunicipio && m.desde <= dia && (!m.ate || dia <= m.ate));
  return entrada?.provedor ?? PROVEDOR_NFSE_PADRAO;
}

/** The company's choice, else its municipality's. */
export const provedorNfseDaEmpresa = (e: { provedor_nfse?: string | null; codigo_municipio: string }, dia?: string): ProvedorNfseNome =>
  ehProvedorNfse(e.provedor_nfse) ? e.provedor_nfse : provedorNfseDoMunicipio(e.codigo_municipio, dia);
