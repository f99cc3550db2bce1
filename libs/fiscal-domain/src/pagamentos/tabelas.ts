/** `forma_pagamento` codes (NF-e tPag), with the spec's meaning. */
export const FORMAS_PAGAMENTO: Readonly<Record<string, string>> = Object.freeze({
  '01': 'dinheiro',
  '02': 'cheque',
  '03': 'cartão de crédito',
  '04': 'cartão de débito',
  '05': 'cartão da loja / crédito em loja',
  '10': 'vale alimentação',
  '11': 'vale refeição',
  '12': 'vale presente',
  '13': 'vale combustível',
  '14': 'duplicata mercantil',
  '15': 'boleto bancário',
  '16': 'depósito bancário',
  '17': 'pagamento instantâneo (PIX) dinâmico',
  '18': 'transferência bancária / carteira digital',
  '19': 'programa de fidelidade / cashback',
  '20': 'pagamento instantâneo (PIX) estático',
  '21': 'crédito em loja',
  '22': 'pagamento eletrônico não informado (falha de hardware)',
  '23': 'pagamento instantâneo automático',
  '24': 'transferência entre contas',
  '90': 'sem pagamento',
  '91': 'pagamento posterior',
  '99': 'outros',
});

/** `bandeira` codes (NF-e tBand). */
export const BANDEIRAS: Readonly<Record<string, string>> = Object.freeze({
  '01': 'Visa',
  '02': 'Mastercard',
  '03': 'Amex',
  '04': 'Sorocred',
  '05': 'Diners',
  '06': 'Elo',
  '07': 'Hipercard',
  '08': 'Aura',
  '09': 'Cabal',
  '10': 'Alelo',
  '11': 'Banes Card',
  '12': 'CalCard',
  '13': 'Credz',
  '14': 'Discover',
  '15': 'GoodCard',
  '16': 'GreenCard',
  '17': 'Hiper',
  '18': 'JCB',
  '19': 'Mais',
  '20': 'MaxVan',
  '21': 'Policard',
  '22': 'RedeCompras',
  '23': 'Sodexo',
  '24': 'ValeCard',
  '25': 'Verocheque',
  '26': 'VR',
  '27': 'Ticket',
  '99': 'outra',
});

/** Payment rule 4: these forms require the `cartao` group. */
export const FORMAS_EXIGEM_CARTAO: readonly string[] = Object.freeze(['03', '04', '17']);
/** Payment rule 5: only these forms accept the `cartao` group. */
export const FORMAS_ACEITAM_CARTAO: readonly string[] = Object.freeze(['03', '04', '10', '11', '12', '13', '15', '17', '18', '23', '24']);

export const FORMA_SEM_PAGAMENTO = '90';
export const FORMA_OUTROS = '99';
export const FORMA_PIX_ESTATICO = '20';

export function descreverForma(codigo: string): string {
  const nome = FORMAS_PAGAMENTO[codigo];
  return nome ? `${codigo} (${nome})` : codigo;
}
