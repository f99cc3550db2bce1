import type { Uf } from '../datas';

/** `pagamentos[].cartao`, as the spec names it. */
export interface CartaoEntrada {
  /** 1 integrated (TEF, e-commerce, integrated POS); 2 not integrated (standalone POS). */
  tipo_integracao?: number | null;
  cnpj_credenciadora?: string | null;
  bandeira?: string | null;
  /** For dynamic PIX it is the end-to-end id. */
  codigo_autorizacao?: string | null;
  cnpj_recebedor?: string | null;
  id_terminal?: string | null;
}

/** `pagamentos[]` of `POST /nfe/v1/notas`. */
export interface PagamentoEntrada {
  forma_pagamento?: string | null;
  valor?: string | null;
  /** 0 à vista, 1 a prazo. */
  indicador_pagamento?: number | null;
  /** YYYY-MM-DD. */
  data?: string | null;
  descricao?: string | null;
  cnpj_transacional?: string | null;
  uf_transacional?: string | null;
  cartao?: CartaoEntrada | null;
}

export interface IntermediadorEntrada {
  cnpj?: string | null;
  identificador_cadastro?: string | null;
}

/** What the payment and intermediary rules read from the note. */
export interface NotaParaPagamentos {
  pagamentos?: readonly PagamentoEntrada[] | null;
  troco?: string | null;
  tipo_operacao?: number | null;
  finalidade?: number | null;
  indicador_consumidor_final?: boolean | null;
  indicador_presenca?: number | null;
  intermediador?: IntermediadorEntrada | null;
  destinatario: { indicador_ie?: number | null };
}

/** What they read from the issuing company. */
export interface EmpresaParaPagamentos {
  regime_tributario: number;
  endereco: { uf: Uf | string };
}
