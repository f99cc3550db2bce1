/**
 * The tax situation codes this product can put in an NF-e from what the API receives.
 * Codes that need data the request does not carry (per-unit rates, deferral, monophase fuel) are
 * refused with a message instead of producing a note SEFAZ would reject.
 */

/** CRT of the issuer, from the company's `regime_tributario` (same numbers). */
export type Crt = 1 | 2 | 3 | 4;

export const CRT_SIMPLES_NACIONAL: Crt = 1;
export const CRT_MEI: Crt = 4;

/** Simples Nacional and MEI use CSOSN; excess-of-sublimit and normal regime use CST (Tabela B). */
export function usaCsosn(crt: Crt): boolean {
  return crt === CRT_SIMPLES_NACIONAL || crt === CRT_MEI;
}

/** ICMS CSTs supported, by NF-e group. 00 needs `aliquota_icms`; 90 uses it when sent. */
export const CST_ICMS_SUPORTADOS = ['00', '10', '20', '30', '40', '41', '50', '51', '60', '70', '90'] as const;
/** CSOSNs supported. 101 and 201 read `aliquota_icms` as the Simples credit rate (pCredSN). */
export const CSOSN_SUPORTADOS = ['101', '102', '103', '201', '202', '203', '300', '400', '500', '900'] as const;

/**
 * What each ICMS code needs from the item (a missing one is a 422 naming it).
 * ST codes: MVA and ST rate (the ST base is the operation's value plus IPI, raised by the MVA).
 */
export const CAMPOS_EXIGIDOS_ICMS: Readonly<
  Record<string, readonly ('aliquota_icms' | 'reducao_base_calculo_icms' | 'mva_icms_st' | 'aliquota_icms_st')[]>
> = Object.freeze({
  '00': ['aliquota_icms'],
  '10': ['aliquota_icms', 'mva_icms_st', 'aliquota_icms_st'],
  '20': ['aliquota_icms', 'reducao_base_calculo_icms'],
  '30': ['mva_icms_st', 'aliquota_icms_st'],
  '70': ['aliquota_icms', 'reducao_base_calculo_icms', 'mva_icms_st', 'aliquota_icms_st'],
  '101': ['aliquota_icms'],
  '201': ['aliquota_icms', 'mva_icms_st', 'aliquota_icms_st'],
  '202': ['mva_icms_st', 'aliquota_icms_st'],
  '203': ['mva_icms_st', 'aliquota_icms_st'],
});
/** Codes with ICMS-ST retained by the issuer (the ST fields apply only to them). */
export const CODIGOS_ICMS_COM_ST = ['10', '30', '70', '201', '202', '203'] as const;
/** Codes with a reduced own-ICMS base. */
export const CODIGOS_ICMS_COM_REDUCAO = ['20', '70'] as const;
/**
 * Codes whose item carries its CEST (SEFAZ 806, NT 2015.003, in production since 01/10/2016): the operations with
 * ICMS-ST, retained now (10, 30, 70; CSOSN 201, 202, 203) or before (60; CSOSN 500). 90 and 900 need it only with
 * vICMSST, which the API never writes on them; the partilha (ICMSPart) is spared and the API does not write it.
 */
export const CODIGOS_ICMS_EXIGEM_CEST = ['10', '30', '60', '70', '201', '202', '203', '500'] as const;
/**
 * SEFAZ 600 (rule N12a-70, NT 2015.003, in production since 01/07/2016): a saída to a recipient who is not an ICMS
 * taxpayer (indIEDest 9) takes only CSOSN 102, 103, 300, 400 or 500: no Simples credit passes to whom cannot use it
 * (101, 201), no ST is charged (201, 202, 203), and 900 is refused too. The repair CFOPs (5915, 5916, 6915, 6916) and
 * the in-state demonstration ones (5912, 5913) are spared.
 */
export const CSOSN_PARA_NAO_CONTRIBUINTE = ['102', '103', '300', '400', '500'] as const;
const CFOPS_FORA_DA_REGRA_600: readonly string[] = ['5912', '5913', '5915', '5916', '6915', '6916'];
export const csosnRecusadoParaNaoContribuinte = (csosn: string, cfop: string): boolean =>
  !(CSOSN_PARA_NAO_CONTRIBUINTE as readonly string[]).includes(csosn) && !CFOPS_FORA_DA_REGRA_600.includes(cfop);
/**
 * Codes whose NF-e group carries no ICMS rate at all (exempt, not taxed, suspended, deferred as a whole, charged
 * before by ST; the Simples without credit): a goods item's rate is not filled in for them (the note would drop
 * it unseen). CST 51 here is the whole deferral the API writes; a partial one (pDif) it cannot express.
 */
export const CODIGOS_ICMS_SEM_ALIQUOTA = ['40', '41', '50', '51', '60', '102', '103', '300', '400', '500'] as const;

/**
 * IBS/CBS CSTs supported (NT 2025.002 and the CST/cClassTrib table of the Portal da NF-e): 000 full
 * taxation (rates of the date), 200 reduced rate (the rates of the date less the reduction of the
 * cClassTrib, in gRed) and 410 immunity/non-incidence, without values. 400 (exemption) has no
 * cClassTrib allowed in model 55 (400001 is for BP-e and NFS-e; tabelas/classificacao-tributaria.ts).
 * The others need data the API does not carry (deferral, monophase, credit transfer...).
 */
export const CST_IBS_CBS_SUPORTADOS = ['000', '200', '410'] as const;
/** CSTs with values (gIBSCBS). */
export const CST_IBS_CBS_TRIBUTADO = ['000', '200'] as const;
/** The CST whose parts carry gRed (NT 2025.002 UB26-20, UB45-20, UB64-20: required with it; UB26-10 etc.: refused without). */
export const CST_IBS_CBS_REDUCAO = '200';

export const CST_PIS_COFINS_ALIQUOTA = ['01'] as const;
export const CST_PIS_COFINS_NAO_TRIBUTADO = ['04', '05', '06', '07', '08', '09'] as const;
export const CST_PIS_COFINS_OUTRAS = [
  '49',
  '50',
  '51',
  '52',
  '53',
  '54',
  '55',
  '56',
  '60',
  '61',
  '62',
  '63',
  '64',
  '65',
  '66',
  '67',
  '70',
  '71',
  '72',
  '73',
  '74',
  '75',
  '98',
  '99',
] as const;
/** Of the "outras" CSTs, these carry no contribution at all (rate 0 whatever the regime). */
export const CST_PIS_COFINS_SEM_CONTRIBUICAO = ['49', '70', '71', '72', '73', '74', '75', '98'] as const;

export const CST_IPI_TRIBUTADO = ['00', '49', '50', '99'] as const;
export const CST_IPI_NAO_TRIBUTADO = ['01', '02', '03', '04', '05', '51', '52', '53', '54', '55'] as const;
/** IPITrib CSTs that are real taxation and so need `aliquota_ipi`. */
export const CST_IPI_EXIGE_ALIQUOTA = ['00', '50'] as const;

const RECUSA_CST_PIS_COFINS =
  'não é suportado (as CSTs 02 e 03 exigem alíquota diferenciada ou por quantidade); use 01, 04 a 09, 49 a 56, 60 a 67, 70 a 75, 98 ou 99';

/** Every PIS/COFINS CST accepted (02 and 03 need a differentiated or per-unit rate the API does not take). */
export const CST_PIS_COFINS_SUPORTADOS = [...CST_PIS_COFINS_ALIQUOTA, ...CST_PIS_COFINS_NAO_TRIBUTADO, ...CST_PIS_COFINS_OUTRAS] as const;
/** Every IPI CST of the layout (IPITrib and IPINT), in order. */
export const CST_IPI_EXISTENTES = [...CST_IPI_TRIBUTADO, ...CST_IPI_NAO_TRIBUTADO].sort();

/** An item's code fields that take a closed list of codes. */
export type CampoCodigoTributario = 'cst_icms' | 'csosn' | 'cst_pis' | 'cst_cofins' | 'cst_ipi' | 'cst_ibs_cbs';

/**
 * The codes each field accepts, and what a code outside them is told (after the field and the code:
 * "cst_ipi 77 não existe; use ..."). One table for the gateway, which refuses such a code as a body
 * validation error (decisions §2: enum, 422 invalid_params), and for the domain's own check of the
 * note, which also sees codes that come from a registered goods item.
 */
export const CODIGOS_TRIBUTARIOS_ACEITOS: Readonly<Record<CampoCodigoTributario, { valores: readonly string[]; recusa: string }>> =
  Object.freeze({
    cst_icms: { valores: CST_ICMS_SUPORTADOS, recusa: `não é suportado; use ${CST_ICMS_SUPORTADOS.join(', ')}` },
    csosn: { valores: CSOSN_SUPORTADOS, recusa: `não é suportado; use ${CSOSN_SUPORTADOS.join(', ')}` },
    cst_pis: { valores: CST_PIS_COFINS_SUPORTADOS, recusa: RECUSA_CST_PIS_COFINS },
    cst_cofins: { valores: CST_PIS_COFINS_SUPORTADOS, recusa: RECUSA_CST_PIS_COFINS },
    cst_ipi: { valores: CST_IPI_EXISTENTES, recusa: `não existe; use ${CST_IPI_EXISTENTES.join(', ')}` },
    cst_ibs_cbs: {
      valores: CST_IBS_CBS_SUPORTADOS,
      recusa: `não é suportado (exige dados que a API não recebe, como diferimento, monofasia ou transferência de crédito); use ${CST_IBS_CBS_SUPORTADOS.join(', ')}`,
    },
  });

export function contem<T extends string>(lista: readonly T[], valor: string | undefined): valor is T {
  return valor !== undefined && (lista as readonly string[]).includes(valor);
}

/** Default CST for PIS and COFINS when neither the item nor the goods item says one. */
export function cstPisCofinsPadrao(crt: Crt): string {
  // Normal regime: "operação tributável com alíquota básica"; Simples/MEI: "outras operações de saída".
  return crt === 3 ? '01' : '49';
}

/** Default CSOSN for Simples/MEI when none is informed: taxed by the Simples without credit. */
export const CSOSN_PADRAO = '102';
