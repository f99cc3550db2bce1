/** The texts made so far, by table, columns, row count and tail (bounded by the batch sizes in use). */
const textos = new Map<string, string>();

/**
 * The text of a multi-row INSERT with one parameter per value (`$1, $2, …`, row after row, from
 * `primeiroParametro` when it is a part of a larger statement), and `depois` (an ON CONFLICT clause) at
 * its end. Its text depends only on the batch's size, so each size is prepared once per connection
 * (consultas-preparadas), and the server reads every value as a plain parameter, never out of a JSON
 * document or an array literal (tools/bench/gravacao-nota). `expressoes` gives a column an expression
 * around its parameter (`?` stands for it), e.g. a value that exists only if another part of the
 * statement wrote a row.
 */
export function insercaoDeLinhas(
  tabela: string,
  colunas: readonly string[],
  linhas: number,
  depois = '',
  primeiroParametro = 1,
  expressoes: Readonly<Record<string, string>> = {},
): string {
  const nomes = colunas.join(', ');
  const chave = `${tabela}|${nomes}|${linhas}|${depois}|${primeiroParametro}|${JSON.stringify(expressoes)}`;
  let sql = textos.get(chave);
  if (sql === undefined) {
    const n = colunas.length;
    const valor = (coluna: string, parametro: string) => expressoes[coluna]?.replace('?', parametro) ?? parametro;
    const tuplas = Array.from(
      { length: linhas },
      (_, l) => `(${colunas.map((c, i) => valor(c, `$${primeiroParametro + l * n + i}`)).join(', ')})`,
    );
    sql = `INSERT INTO ${tabela} (${nomes}) VALUES ${tuplas.join(', ')}${depois ? ` ${depois}` : ''}`;
    textos.set(chave, sql);
  }
  return sql;
}
