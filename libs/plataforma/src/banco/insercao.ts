/** The texts made so far, by table, columns, row count and tail (bounded by the batch sizes in use). */
const textos = new Map<string, string>();

/**
 * The text of a multi-row INSERT with one parameter per value (`$1, $2, …`, row after row, from
 * `primeiroParametro` when it is a part of a larger statement), and `depois` (an ON CONFLICT clause) at
 * its end. Its text depends only on the batch's size, so each size is prepared once per connection
 * (consultas-preparadas), and the server reads every value as a plain parameter, never out of a JSON
 * document or an array literal (tools/bench/gravacao-nota).
 */
export function insercaoDeLinhas(tabela: string, colunas: readonly string[], linhas: number, depois = '', primeiroParametro = 1): string {
  const nomes = colunas.join(', ');
  const chave = `${tabela}|${nomes}|${linhas}|${depois}|${primeiroParametro}`;
  let sql = textos.get(chave);
  if (sql === undefined) {
    const n = colunas.length;
    const tuplas = Array.from({ length: linhas }, (_, l) => `(${colunas.map((_, c) => `$${primeiroParametro + l * n + c}`).join(', ')})`);
    sql = `INSERT INTO ${tabela} (${nomes}) VALUES ${tuplas.join(', ')}${depois ? ` ${depois}` : ''}`;
    textos.set(chave, sql);
  }
  return sql;
}
