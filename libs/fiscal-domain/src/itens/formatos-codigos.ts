/**
 * The product codes of an NF-e item as the layout writes them: checked by validarItem on the note and
 * by the gateway on a request (goods and note items) with the same patterns. The tax codes (CST, CSOSN)
 * are closed lists: CODIGOS_TRIBUTARIOS_ACEITOS. No regex flags: the
 * gateway documents them as OpenAPI patterns.
 */
export const PADRAO_NCM = /^\d{8}$/;
export const PADRAO_CEST = /^\d{7}$/;
/** CFOP: 4 digits; the first is 1, 2 or 3 (entradas) or 5, 6 or 7 (saídas). */
export const PADRAO_CFOP = /^[123567]\d{3}$/;
