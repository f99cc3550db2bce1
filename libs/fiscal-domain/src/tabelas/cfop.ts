/**
 * CFOP lists the SEFAZ rules read (the CFOP table of Convênio s/nº de 15/12/1970, as Ajuste SINIEF 07/2001 rewrote
 * it, and the "CFOP específicos" annexes of the NF-e technical notes). Codes as the XML writes them (4 digits).
 */

/**
 * CFOPs of a devolução (NT 2013/005 v1.22, Anexo XI.01, as NT 2015/002 v1.40 lists them): a note with finalidade
 * 4 uses one of these on every item (else SEFAZ 327), and one of these on a note that is neither a devolução nor
 * a complementar is rejected (328).
 */
export const CFOPS_DEVOLUCAO: readonly string[] = [
  ...['1201', '1202', '1203', '1204', '1208', '1209', '1212', '1213', '1214', '1215', '1216', '1410', '1411'],
  ...['1503', '1504', '1505', '1506', '1553', '1660', '1661', '1662', '1918', '1919'],
  ...['2201', '2202', '2203', '2204', '2208', '2209', '2212', '2213', '2214', '2215', '2216', '2410', '2411'],
  ...['2503', '2504', '2505', '2506', '2553', '2660', '2661', '2662', '2918', '2919'],
  ...['3201', '3202', '3211', '3212', '3503', '3553'],
  ...['5201', '5202', '5208', '5209', '5210', '5213', '5214', '5215', '5216', '5410', '5411', '5412', '5413'],
  ...['5503', '5553', '5555', '5556', '5660', '5661', '5662', '5918', '5919', '5921'],
  ...['6201', '6202', '6208', '6209', '6210', '6213', '6214', '6215', '6216', '6410', '6411', '6412', '6413'],
  ...['6503', '6553', '6555', '6556', '6660', '6661', '6662', '6918', '6919', '6921'],
  ...['7201', '7202', '7210', '7211', '7212', '7553', '7556'],
];

/** A devolução received from a recipient who is not an ICMS taxpayer may use these instead (the exception of rule 327). */
export const CFOPS_DEVOLUCAO_DE_NAO_CONTRIBUINTE: readonly string[] = ['1949', '2949'];

/**
 * What SEFAZ answers for an item's CFOP on a note of this finalidade (finNFe), or null: 327 for a devolução (4)
 * whose CFOP is not of a devolução (1.949 / 2.949 allowed for one from a non-taxpayer), 328 for a devolução CFOP
 * on a note that is neither a devolução nor a complementar (2). The product refuses the same before sending.
 */
export function rejeicaoDoCfopNaFinalidade(cfop: string, finalidade: number, destinatarioNaoContribuinte: boolean): '327' | '328' | null {
  const deDevolucao = CFOPS_DEVOLUCAO.includes(cfop);
  if (finalidade === 4 && !deDevolucao)
    return destinatarioNaoContribuinte && CFOPS_DEVOLUCAO_DE_NAO_CONTRIBUINTE.includes(cfop) ? null : '327';
  return deDevolucao && finalidade !== 4 && finalidade !== 2 ? '328' : null;
}

/**
 * Interstate outgoing CFOPs a SEFAZ spares from the ceiling on pICMS (rules 663 and 693): the returns of goods
 * received (the CFOP table of Ajuste SINIEF 07/2001, codes described "Retorno ...", indRetor = 1), the value
 * annulments (6.206, 6.207: indAnula = 1) and the venda à ordem codes (6.118, 6.119, 6.122, 6.123), as the
 * exceptions of rule 693 list them (NT 2015.003 v1.80).
 */
export const CFOPS_FORA_DO_TETO_INTERESTADUAL: readonly string[] = [
  ...['6118', '6119', '6122', '6123'], // venda à ordem
  ...['6206', '6207'], // anulação de valor
  ...['6664', '6665', '6902', '6903', '6906', '6907', '6909', '6913', '6916', '6925'], // retorno
];
