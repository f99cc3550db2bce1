import { ehUf } from '../identificadores';

/**
 * SEFAZ Virtual de Contingência (SVC) of each state, NF-e model 55, as a dated table.
 *
 * Source: Portal Nacional da NF-e, "Relação de Serviços Web" (nfe.fazenda.gov.br/portal/webServices.aspx),
 * section "Autorizadores em contingência", as consulted for this table on 2026-11-24 (list unchanged
 * since at least 2025-07-02); legal basis: Ajuste SINIEF 07/2005 cl. 11ª-A, Ato COTEPE/ICMS 39/2012 and its
 * amendments, NT 2013.007. The states served by SVRS moved to SVC-AN (SVRS and SVC-RS run on the same
 * infrastructure); NT 2013.007 originally listed CE, ES, PA, PI and RN under SVC-RS.
 *
 * tpEmis of a note issued in SVC: 6 (SVC-AN) or 7 (SVC-RS) — NF-e layout 4.00, field B22.
 */
export type TipoSvc = 'svc_an' | 'svc_rs';

const SVC_AN = ['AC', 'AL', 'AP', 'CE', 'DF', 'ES', 'MG', 'PA', 'PB', 'PI', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'] as const;
const SVC_RS = ['AM', 'BA', 'GO', 'MA', 'MS', 'MT', 'PE', 'PR'] as const;

const SVC_POR_UF: Readonly<Record<string, TipoSvc>> = Object.freeze({
  ...Object.fromEntries(SVC_AN.map((uf) => [uf, 'svc_an' as const])),
  ...Object.fromEntries(SVC_RS.map((uf) => [uf, 'svc_rs' as const])),
});

export const TIPO_EMISSAO_NORMAL = 1;
export const TIPO_EMISSAO_SVC: Readonly<Record<TipoSvc, number>> = Object.freeze({ svc_an: 6, svc_rs: 7 });
/** The authorizer names, as in the web services table (autorizadores.json: SVCAN, SVCRS) and the simulator's fault filter (SVC-AN, SVC-RS). */
export const AUTORIZADOR_SVC: Readonly<Record<TipoSvc, 'SVC-AN' | 'SVC-RS'>> = Object.freeze({ svc_an: 'SVC-AN', svc_rs: 'SVC-RS' });

/** The SVC that replaces the state's authorizer. */
export function svcDaUf(uf: string): TipoSvc {
  if (!ehUf(uf)) throw new Error(`UF inválida: ${uf}`);
  const svc = SVC_POR_UF[uf];
  if (!svc) throw new Error(`UF sem SVC: ${uf}`);
  return svc;
}

/** tpEmis 6 or 7 -> the SVC; anything else -> null (normal emission or another contingency). */
export function svcDoTipoEmissao(tipoEmissao: number): TipoSvc | null {
  if (tipoEmissao === 6) return 'svc_an';
  if (tipoEmissao === 7) return 'svc_rs';
  return null;
}

/** UFs an SVC serves (the simulator accepts only notes of these). */
export const ufsDoSvc = (svc: TipoSvc): readonly string[] => (svc === 'svc_an' ? SVC_AN : SVC_RS);

/** xJust of a note issued in SVC (15..256 characters): why the note is in contingency. */
export function justificativaContingencia(uf: string, motivo: string): string {
  const texto = `SEFAZ ${uf} indisponivel: ${motivo}`.replace(/\s+/g, ' ').trim();
  const limitado = texto.length > 256 ? texto.slice(0, 256) : texto;
  return limitado.length >= 15 ? limitado : `${limitado} - contingencia SVC`.slice(0, 256);
}
