import { FORMA_PIX_ESTATICO } from './tabelas';
import type { EmpresaParaPagamentos, NotaParaPagamentos, PagamentoEntrada } from './tipos';

/**
 * Ceará, IN 87/2025, as the spec states it:
 *  - covered operations (sale to an end consumer, or in-person sale) must link the electronic payment
 *    to the note: `cartao.tipo_integracao` 1 with `cnpj_credenciadora`, `codigo_autorizacao` and `id_terminal`;
 *  - `tipo_integracao` 2 (valid nationwide) stays accepted for the exempt operations: B2B sale between
 *    ICMS taxpayers, sales by a MEI, and static instant payment (PIX estático);
 *  - a non-in-person marketplace sale (with `intermediador`) is exempt only with `indicador_presenca`
 *    2 (internet) or 3 (teleservice).
 * Outside Ceará (issuer's state), or for an entry note, the rule does not apply.
 */
export type MotivoIsencaoCeara = 'venda_entre_contribuintes' | 'vendedor_mei' | 'marketplace_nao_presencial';

export interface SituacaoCeara {
  /** Issuer in CE and an outgoing note. */
  aplica: boolean;
  /** End-consumer or in-person sale. */
  coberta: boolean;
  /** Operation-level exemptions that hold (static PIX is per payment, see pagamentoIsentoCeara). */
  isencoes: MotivoIsencaoCeara[];
}

export const PRESENCA_PRESENCIAL = [1, 5] as const;
export const PRESENCA_ISENTA_MARKETPLACE = [2, 3] as const;

/** indFinal as the note will carry it: the one sent, else 1 when the recipient is not an ICMS taxpayer. */
export function consumidorFinalEfetivo(nota: Pick<NotaParaPagamentos, 'indicador_consumidor_final' | 'destinatario'>): boolean {
  return nota.indicador_consumidor_final ?? nota.destinatario.indicador_ie === 9;
}

export function situacaoCeara(nota: NotaParaPagamentos, empresa: EmpresaParaPagamentos): SituacaoCeara {
  const aplica = empresa.endereco.uf === 'CE' && (nota.tipo_operacao ?? 1) === 1;
  const presencial = (PRESENCA_PRESENCIAL as readonly number[]).includes(nota.indicador_presenca ?? -1);
  const coberta = consumidorFinalEfetivo(nota) || presencial;
  const isencoes: MotivoIsencaoCeara[] = [];
  if (nota.destinatario.indicador_ie === 1) isencoes.push('venda_entre_contribuintes');
  if (empresa.regime_tributario === 4) isencoes.push('vendedor_mei');
  if (nota.intermediador && (PRESENCA_ISENTA_MARKETPLACE as readonly number[]).includes(nota.indicador_presenca ?? -1)) {
    isencoes.push('marketplace_nao_presencial');
  }
  return { aplica, coberta, isencoes };
}

export function pagamentoIsentoCeara(pagamento: PagamentoEntrada): boolean {
  return pagamento.forma_pagamento === FORMA_PIX_ESTATICO;
}

/** Whether this payment must be integrated (tipo_integracao 1 with its three fields) under the rule. */
export function exigeIntegracaoCeara(situacao: SituacaoCeara, pagamento: PagamentoEntrada): boolean {
  return situacao.aplica && situacao.coberta && situacao.isencoes.length === 0 && !!pagamento.cartao && !pagamentoIsentoCeara(pagamento);
}
