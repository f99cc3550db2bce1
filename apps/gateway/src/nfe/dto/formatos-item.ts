/**
 * The codes of a product as the NF-e layout writes them, shared by a goods item (`/nfe/v1/mercadorias`)
 * and a note's item: sent in a bad form, either is a body validation error (422 invalid_params).
 * Whether a code fits the operation (CFOP of entrada on a saída, CST the regime does not use) is a
 * fiscal rule, nfe-service's.
 */
export const NCM = { padrao: /^\d{8}$/, mensagemPadrao: 'deve ter 8 dígitos' } as const;
export const CEST = { padrao: /^\d{7}$/, mensagemPadrao: 'deve ter 7 dígitos' } as const;
/** CFOP: 4 digits; the first is 1, 2 or 3 (entradas) or 5, 6 or 7 (saídas). */
export const CFOP = { padrao: /^[123567]\d{3}$/, mensagemPadrao: 'deve ser um CFOP de 4 dígitos iniciado por 1, 2, 3, 5, 6 ou 7' } as const;
/** CST of PIS, COFINS and IPI: 2 digits. */
export const CST_DOIS_DIGITOS = { padrao: /^\d{2}$/, mensagemPadrao: 'deve ter 2 dígitos' } as const;
