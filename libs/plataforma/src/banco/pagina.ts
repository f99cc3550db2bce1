import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A page of a list route (spec: newest first, `page` from 1, `per_page`) and the total for
 * X-Total-Count. Ties on `criado_em` are broken by `id`, so consecutive pages never overlap.
 */
export function paginaMaisRecentes<T extends ObjectLiteral>(
  consulta: SelectQueryBuilder<T>,
  pagina: { page: number; per_page: number },
): Promise<[T[], number]> {
  return consulta
    .orderBy(`${consulta.alias}.criado_em`, 'DESC')
    .addOrderBy(`${consulta.alias}.id`, 'DESC')
    .skip((pagina.page - 1) * pagina.per_page)
    .take(pagina.per_page)
    .getManyAndCount();
}
