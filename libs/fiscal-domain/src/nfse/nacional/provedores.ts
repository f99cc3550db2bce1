/**
 * Which NFS-e provider a company issues through (decisions §10). Since 2026-01-01 (LC 214/2025:
 * every municipality must accept the national environment or share its notes in the national layout) the default is `nacional`; the municipalities below
 * keep their own ABRASF 2.04 web service for this product (deployment data, the same four the
 * municipal adapter has endpoints for). Before 2026 the product spoke only ABRASF 2.04, so that is
 * every municipality's provider on earlier days. A company's `provedor_nfse` overrides, except for
 * an MEI, which issues only through the national system.
 */
export const PROVEDORES_NFSE = ['nacional', 'abrasf-2.04'] as const;
export type ProvedorNfseNome = (typeof PROVEDORES_NFSE)[number];
export const ehProvedorNfse = (v: unknown): v is ProvedorNfseNome =>
  typeof v === 'string' && (PROVEDORES_NFSE as readonly string[]).includes(v);

export interface ProvedorMunicipio {
  codigo_municipio: string;
  nome: string;
  provedor: ProvedorNfseNome;
  /** YYYY-MM-DD, inclusive; absent: since always. */
  desde?: string;
  /** YYYY-MM-DD, inclusive; absent: still in force. */
  ate?: string;
}

export const PROVEDOR_NFSE_PADRAO: ProvedorNfseNome = 'nacional';
/** LC 214/2025: the national environment is every municipality's from this day; before it, ABRASF (all the product had). */
export const INICIO_PROVEDOR_NACIONAL_PADRAO = '2026-01-01';
/** What notes (and commands) from before the national provider existed went by. */
export const PROVEDOR_NFSE_ANTERIOR: ProvedorNfseNome = 'abrasf-2.04';

/** regime_tributario 4: the MEI (LC 123/2006 art. 18-A). */
export const REGIME_MEI = 4;

/** Table as of 2026-11-24 (municipalities not listed: `nacional` from 2026-01-01). These four never left their own web service. */
export const PROVEDORES_POR_MUNICIPIO: readonly ProvedorMunicipio[] = Object.freeze([
  { codigo_municipio: '3550308', nome: 'São Paulo', provedor: 'abrasf-2.04' },
  { codigo_municipio: '3304557', nome: 'Rio de Janeiro', provedor: 'abrasf-2.04' },
  { codigo_municipio: '2304400', nome: 'Fortaleza', provedor: 'abrasf-2.04' },
  { codigo_municipio: '3106200', nome: 'Belo Horizonte', provedor: 'abrasf-2.04' },
]);

/** The provider of a municipality on a day (YYYY-MM-DD; default today, UTC). */
export function provedorNfseDoMunicipio(codigoMunicipio: string, dia = new Date().toISOString().slice(0, 10)): ProvedorNfseNome {
  const entrada = PROVEDORES_POR_MUNICIPIO.find(
    (m) => m.codigo_municipio === codigoMunicipio && (!m.desde || m.desde <= dia) && (!m.ate || dia <= m.ate),
  );
  if (entrada) return entrada.provedor;
  return dia >= INICIO_PROVEDOR_NACIONAL_PADRAO ? PROVEDOR_NFSE_PADRAO : PROVEDOR_NFSE_ANTERIOR;
}

/** A company may choose this provider: an MEI issues only through the national system (LC 214/2025, Resolução CGSN 169/2022). */
export const provedorNfsePermitido = (regimeTributario: number | null | undefined, provedor: ProvedorNfseNome): boolean =>
  regimeTributario !== REGIME_MEI || provedor === 'nacional';

/** An MEI's is always `nacional`; else the company's choice, else its municipality's. */
export const provedorNfseDaEmpresa = (
  e: { provedor_nfse?: string | null; codigo_municipio: string; regime_tributario?: number | null },
  dia?: string,
): ProvedorNfseNome =>
  e.regime_tributario === REGIME_MEI
    ? 'nacional'
    : ehProvedorNfse(e.provedor_nfse)
      ? e.provedor_nfse
      : provedorNfseDoMunicipio(e.codigo_municipio, dia);
