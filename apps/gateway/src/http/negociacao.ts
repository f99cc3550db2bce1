/**
 * `Accept` negotiation (decisions §2): a request that declares an Accept header must accept JSON
 * (`application/json`, `application/*`, `*\/*`), or, on download routes, the route's own type.
 * A media range with q=0 means "not acceptable".
 */
export function aceita(cabecalhoAccept: string | undefined, tiposDaRota: readonly string[] = ['application/json']): boolean {
  if (cabecalhoAccept === undefined || cabecalhoAccept.trim() === '') return true;
  const faixas = cabecalhoAccept.split(',').map((parte) => {
    const [tipo, ...parametros] = parte.trim().split(';');
    const q = parametros.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith('q='));
    return { tipo: tipo.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
  });
  return tiposDaRota.some((oferecido) => {
    const [principal] = oferecido.split('/');
    // The most specific range decides (RFC 9110 §12.5.1).
    const exata = faixas.find((f) => f.tipo === oferecido);
    const parcial = faixas.find((f) => f.tipo === `${principal}/*`);
    const qualquer = faixas.find((f) => f.tipo === '*/*');
    const faixa = exata ?? parcial ?? qualquer;
    return !!faixa && Number.isFinite(faixa.q) && faixa.q > 0;
  });
}
