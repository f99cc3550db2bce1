import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';

/**
 * A page of a list route (spec: newest first, `page` from 1, `per_page`) and the total for
 * X-Total-Count. Ties on `criado_em` (rows written by one transaction share it) are broken by
 * `desempates` (columns that say which is newer, e.g. a note's number), then by `id`, so the order is
 * the one a reader expects and consecutive pages never overlap.
 */
export function paginaMaisRecentes<T extends ObjectLiteral>(
  consulta: SelectQueryBuilder<T>,
  pagina: { page: number; per_page: number },
  desempates: readonly string[] = [],
): Promise<[T[], number]> {
  consulta.orderBy(`${consulta.alias}.criado_em`, 'DESC');
  for (const coluna of desempates) consulta.addOrderBy(`${consulta.alias}.${coluna}`, 'DESC');
  return consulta
    .addOrderBy(`${consulta.alias}.id`, 'DESC')
    .skip((pagina.page - 1) * pagina.per_page)
    .take(pagina.per_page)
    .getManyAndCount();
}
