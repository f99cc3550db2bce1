import { erroDeConexao } from './provedor';

describe('erroDeConexao', () => {
  it('a TLS alert about the certificate is a refusal of the company, not the municipality down', () => {
    expect(
      erroDeConexao('x', Object.assign(new Error('tlsv1 alert certificate expired'), { code: 'ERR_SSL_TLSV1_ALERT_CERTIFICATE_EXPIRED' }))
        .certificadoRecusado,
    ).toBe(true);
    expect(
      erroDeConexao('x', Object.assign(new Error('sslv3 alert bad certificate'), { code: 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE' }))
        .certificadoRecusado,
    ).toBe(true);
  });

  it('as Node reports a received alert on an https request (EPROTO, the alert in the message): a refusal too', () => {
    const e = Object.assign(
      new Error(
        'write EPROTO 80EC:error:0A000415:SSL routines:ssl3_read_bytes:sslv3 alert certificate expired:rec_layer_s3.c:1601:SSL alert number 45',
      ),
      { code: 'EPROTO' },
    );
    expect(erroDeConexao('x', e).certificadoRecusado).toBe(true);
  });

  it('refused, reset (also during the TLS handshake) or timed-out connections, our check of the server, other alerts: the municipality down, not the certificate', () => {
    // [code, Node's message, the motivo's words]
    for (const [code, msg, motivo] of [
      ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3444', 'conexão recusada (ECONNREFUSED)'],
      ['ECONNRESET', 'socket hang up', 'conexão encerrada pelo servidor (ECONNRESET)'],
      [
        'ECONNRESET',
        'Client network socket disconnected before secure TLS connection was established',
        'conexão encerrada pelo servidor (ECONNRESET)',
      ],
      [undefined, 'sem resposta em 5000 ms', 'sem resposta em 5000 ms'],
      [
        'SELF_SIGNED_CERT_IN_CHAIN',
        'self-signed certificate in certificate chain',
        'certificado TLS não confiável (SELF_SIGNED_CERT_IN_CHAIN)',
      ],
      ['CERT_HAS_EXPIRED', 'certificate has expired', 'certificado TLS expirado (CERT_HAS_EXPIRED)'],
      [
        'ERR_TLS_CERT_ALTNAME_INVALID',
        "Hostname/IP does not match certificate's altnames",
        'certificado TLS não corresponde ao host (ERR_TLS_CERT_ALTNAME_INVALID)',
      ],
      [
        'EPROTO',
        'write EPROTO ...:sslv3 alert handshake failure:...:SSL alert number 40',
        'write EPROTO ...:sslv3 alert handshake failure:...:SSL alert number 40',
      ],
    ]) {
      const e = erroDeConexao('Falha de comunicação com o município', Object.assign(new Error(msg), { code }));
      expect(e.certificadoRecusado).toBe(false);
      expect(e.message).toBe(`Falha de comunicação com o município: ${motivo}`);
    }
  });
});
