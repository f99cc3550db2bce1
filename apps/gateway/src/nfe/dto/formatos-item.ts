import { CODIGOS_TRIBUTARIOS_ACEITOS, PADRAO_CEST, PADRAO_CFOP, PADRAO_NCM, type CampoCodigoTributario } from '@emissor/fiscal-domain';

/**
 * The codes of a product, with the domain's patterns, shared by a goods item (`/nfe/v1/mercadorias`)
 * and a note's item: sent in a bad form, either is a body validation error (422 invalid_params).
 * Whether a code fits the operation (CFOP of entrada on a saída, CST the regime does not use) is a
 * fiscal rule, nfe-service's.
 */
export const NCM = { padrao: PADRAO_NCM, mensagemPadrao: 'deve ter 8 dígitos' } as const;
export const CEST = {
  padrao: PADRAO_CEST,
  mensagemPadrao: 'deve ter 7 dígitos',
  descricao:
    'Código Especificador da Substituição Tributária, 7 dígitos. Obrigatório no item com ICMS-ST (cst_icms 10, 30, 60, 70; csosn 201, 202, 203, 500): sem ele, 422 (a SEFAZ rejeita com 806)',
} as const;
/**
 * What `aliquota_icms` means, by code: for a Simples issuer's CSOSN 101 and 201 it is the credit rate the
 * buyer may take (pCredSN, LC 123/2006 art. 23), a few percent, not the ICMS rate.
 */
export const DESCRICAO_ALIQUOTA_ICMS =
  'Fração: 0.18 significa 18%. Nas CSOSN 101 e 201 (Simples Nacional) é a alíquota do crédito que o comprador pode aproveitar ' +
  '(pCredSN, LC 123/2006 art. 23), não a do ICMS; na 201 o ICMS próprio deduzido do ICMS-ST é o da alíquota interna da UF ' +
  '(ou a interestadual), da tabela. Numa saída interestadual (finalidade 1) não pode passar da alíquota interestadual ' +
  '(4% para importada, origem 1, 2, 3 ou 8; 7% ou 12% pela rota), e a que uma mercadoria do catálogo preenche é trocada por ela.';
export const CFOP = { padrao: PADRAO_CFOP, mensagemPadrao: 'deve ser um CFOP de 4 dígitos iniciado por 1, 2, 3, 5, 6 ou 7' } as const;
/**
 * A tax situation code (CST, CSOSN): one of the codes the domain accepts for the field, else a body
 * validation error (decisions §2, enum) with the domain's reason. Whether the code fits the company's
 * regime (CSOSN for the Simples) is a fiscal rule, nfe-service's.
 */
export const codigoTributario = (campo: CampoCodigoTributario) =>
  ({ valores: CODIGOS_TRIBUTARIOS_ACEITOS[campo].valores, mensagemValores: CODIGOS_TRIBUTARIOS_ACEITOS[campo].recusa }) as const;
