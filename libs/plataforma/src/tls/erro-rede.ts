/**
 * A failed outgoing connection in words a person reads (a webhook delivery's `erro`, the motivo of an
 * authorizer found down, which also becomes the xJust of the notes keyed in contingency), with Node's
 * code kept in parentheses for whoever searches the logs. Unknown codes stay as Node's message.
 */
const DESCRICOES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'conexão recusada',
  ECONNRESET: 'conexão encerrada pelo servidor',
  EPIPE: 'conexão encerrada pelo servidor durante o envio',
  ENOTFOUND: 'host não encontrado',
  EAI_AGAIN: 'falha temporária de DNS',
  ETIMEDOUT: 'tempo esgotado na conexão',
  EHOSTUNREACH: 'host inalcançável',
  ENETUNREACH: 'rede inalcançável',
  CERT_HAS_EXPIRED: 'certificado TLS expirado',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificado TLS não confiável',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificado TLS não confiável',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificado TLS não confiável',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificado TLS não corresponde ao host',
};

/** Node's code of a network error (an AggregateError of a dual-stack connect carries it in its first error). */
function codigoErroRede(erro: { code?: string; errors?: { code?: string }[] }): string | undefined {
  return erro.code ?? erro.errors?.[0]?.code;
}

/** "conexão recusada (ECONNREFUSED)"; for a code without a description, Node's own message and code. */
export function descreverErroRede(erro: { code?: string; message?: string; errors?: { code?: string }[] }): string {
  const codigo = codigoErroRede(erro);
  if (codigo && DESCRICOES[codigo]) return `${DESCRICOES[codigo]} (${codigo})`;
  const mensagem = erro.message?.trim() || 'erro de rede';
  return codigo && !mensagem.includes(codigo) ? `${mensagem} (${codigo})` : mensagem;
}
