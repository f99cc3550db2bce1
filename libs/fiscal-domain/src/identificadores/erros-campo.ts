/**
 * Business-rule errors keyed by field path in the request's own words
 * (`pagamentos[0].descricao`, `itens[2].codigo_produto`), each with messages a person can act on.
 * Same shape as the API's `invalid_params.params`, so the service can pass it through unchanged.
 * Lives here, in the lowest folder, because every rule module produces it.
 */
export type ErrosDeCampo = Record<string, string[]>;

export function adicionarErro(erros: ErrosDeCampo, campo: string, mensagem: string): void {
  (erros[campo] ??= []).push(mensagem);
}

export function juntarErros(destino: ErrosDeCampo, origem: ErrosDeCampo, prefixo = ''): ErrosDeCampo {
  for (const [campo, mensagens] of Object.entries(origem)) {
    for (const m of mensagens) adicionarErro(destino, prefixo ? `${prefixo}${campo.startsWith('[') ? '' : '.'}${campo}` : campo, m);
  }
  return destino;
}

export function semErros(erros: ErrosDeCampo): boolean {
  return Object.keys(erros).length === 0;
}
