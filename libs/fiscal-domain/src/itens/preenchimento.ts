import type { ItemNotaEntrada, ItemPreenchido, Mercadoria } from './tipos';
import { CAMPOS_ITEM } from './tipos';

/**
 * Which CFOP of the goods item applies: `cfop_interno` when the recipient is in the issuer's
 * state, `cfop_interestadual` otherwise.
 */
export type DestinoOperacao = 'interna' | 'interestadual';

/**
 * Spec "Item pre-fill rules":
 *  1. with `codigo_produto`, descricao, ncm, cfop, unidade_comercial, valor_unitario, CST/CSOSN and the
 *     other fiscal fields come from the registered goods item;
 *  2. a field sent in the item overrides the pre-filled value;
 *  3. a field sent as `null` does not clear a pre-filled value (null behaves like omitted);
 *  4. an unknown `codigo_produto` is the service's 422 (`Mercadoria não encontrada: {codigo}`): the
 *     caller looks the goods item up and passes it here, or passes undefined when there is no code.
 * `aliquota_icms` is a fraction in both the item and the goods item and is copied as is.
 */
export function preencherItem(
  item: ItemNotaEntrada,
  mercadoria: Mercadoria | null | undefined,
  destino: DestinoOperacao = 'interna',
): ItemPreenchido {
  const base: Partial<Record<keyof ItemPreenchido, string | number>> = {};
  if (mercadoria) {
    const cfop = destino === 'interna' ? mercadoria.cfop_interno : mercadoria.cfop_interestadual;
    const doCadastro: Partial<Record<keyof ItemPreenchido, string | number | null | undefined>> = {
      codigo: mercadoria.codigo,
      descricao: mercadoria.descricao || mercadoria.nome,
      ncm: mercadoria.ncm,
      cest: mercadoria.cest,
      // When the catalog has only one of the two CFOPs, use it rather than leave the item without one.
      cfop: cfop ?? mercadoria.cfop_interno ?? mercadoria.cfop_interestadual,
      unidade_comercial: mercadoria.unidade_comercial,
      valor_unitario: mercadoria.valor,
      origem: mercadoria.origem,
      cst_icms: mercadoria.cst_icms,
      csosn: mercadoria.csosn,
      aliquota_icms: mercadoria.aliquota_icms,
      cst_pis: mercadoria.cst_pis,
      cst_cofins: mercadoria.cst_cofins,
      cst_ipi: mercadoria.cst_ipi,
      aliquota_ipi: mercadoria.aliquota_ipi,
    };
    for (const [campo, valor] of Object.entries(doCadastro)) {
      if (valor !== null && valor !== undefined && valor !== '') base[campo as keyof ItemPreenchido] = valor;
    }
  }
  for (const campo of CAMPOS_ITEM) {
    const valor = item[campo];
    if (valor !== null && valor !== undefined) base[campo] = valor;
  }
  return base as unknown as ItemPreenchido;
}
