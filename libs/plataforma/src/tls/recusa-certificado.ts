/**
 * The TLS alerts a server sends when it judges the client's certificate (RFC 5246 §7.2.2, RFC 8446
 * §6.2): alert number and OpenSSL's reason text. Node reports a received alert as `EPROTO` with
 * "sslv3 alert certificate expired ... SSL alert number 45" in the message, or (other call paths)
 * as the code `ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED` (OpenSSL 3.2+ spells the prefix `SSL/TLS`).
 */
const ALERTAS_CERTIFICADO: Readonly<Record<number, string>> = {
  42: 'bad certificate',
  43: 'unsupported certificate',
  44: 'certificate revoked',
  45: 'certificate expired',
  46: 'certificate unknown',
  48: 'unknown ca',
  49: 'access denied',
  116: 'certificate required',
};

const razoes = Object.values(ALERTAS_CERTIFICADO);
const POR_CODIGO = new RegExp(`^ERR_SSL_[A-Z0-9/]+_ALERT_(${razoes.map((r) => r.toUpperCase().replace(/ /g, '_')).join('|')})$`);
const POR_RAZAO = new RegExp(`\\balert (${razoes.join('|')})\\b`, 'i');
const POR_NUMERO = new RegExp(`\\bSSL alert number (${Object.keys(ALERTAS_CERTIFICADO).join('|')})\\b`);

/**
 * The alert (e.g. `certificate expired`, `unknown ca`) when the server refused OUR client certificate
 * with one: the company's certificate is the problem and retrying will not help. Null for anything
 * else, a communication failure never blamed on the certificate: a reset or a close during the
 * handshake (a server killed mid-handshake, a network blip, an overloaded front), a refused or
 * timed-out connection, another alert (protocol, cipher), or our own check of the SERVER's certificate
 * failing (its codes, e.g. `CERT_HAS_EXPIRED`, `SELF_SIGNED_CERT_IN_CHAIN`, carry no alert).
 */
export function alertaDeCertificadoRecusado(erro: { code?: string; message?: string }): string | null {
  const mensagem = erro.message ?? '';
  const codigo = POR_CODIGO.exec(erro.code ?? '');
  if (codigo) return codigo[1].toLowerCase().replace(/_/g, ' ');
  const razao = POR_RAZAO.exec(mensagem);
  if (razao) return razao[1].toLowerCase();
  const numero = POR_NUMERO.exec(mensagem);
  return numero ? ALERTAS_CERTIFICADO[Number(numero[1])] : null;
}

/** True when the server refused our client certificate with a TLS alert (alertaDeCertificadoRecusado). */
export const certificadoRecusadoPeloServidor = (erro: { code?: string; message?: string }): boolean =>
  alertaDeCertificadoRecusado(erro) !== null;
