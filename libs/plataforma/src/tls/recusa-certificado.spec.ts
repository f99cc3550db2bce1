import { alertaDeCertificadoRecusado, certificadoRecusadoPeloServidor as recusado } from './recusa-certificado';

/** Errors as Node 20 (OpenSSL 3.0) reports them on an https request; the alerts were captured from a server sending each one. */
const alerta = (razao: string, numero: number) => ({
  code: 'EPROTO',
  message: `write EPROTO 80EC01431C7F0000:error:0A000415:SSL routines:ssl3_read_bytes:${razao}:../deps/openssl/openssl/ssl/record/rec_layer_s3.c:1601:SSL alert number ${numero}\n`,
});

describe('certificadoRecusadoPeloServidor', () => {
  it('a TLS alert in which the server judges our certificate is a refusal', () => {
    for (const [razao, numero] of [
      ['sslv3 alert certificate expired', 45],
      ['tlsv1 alert unknown ca', 48],
      ['sslv3 alert bad certificate', 42],
      ['sslv3 alert certificate revoked', 44],
      ['sslv3 alert certificate unknown', 46],
      ['sslv3 alert unsupported certificate', 43],
      ['tlsv1 alert access denied', 49],
      ['tlsv13 alert certificate required', 116],
    ] as const)
      expect(recusado(alerta(razao, numero))).toBe(true);
    // The same alerts by their error code (tls.connect; OpenSSL 3.2+ spells the prefix SSL/TLS).
    for (const code of [
      'ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED',
      'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
      'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE',
      'ERR_SSL_SSL/TLS_ALERT_CERTIFICATE_REVOKED',
    ])
      expect(recusado({ code, message: 'x' })).toBe(true);
    // Named for the note's status and the logs, without OpenSSL's internals.
    expect(alertaDeCertificadoRecusado(alerta('sslv3 alert certificate expired', 45))).toBe('certificate expired');
    expect(alertaDeCertificadoRecusado({ code: 'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA' })).toBe('unknown ca');
    expect(alertaDeCertificadoRecusado({ message: 'closed: SSL alert number 44' })).toBe('certificate revoked');
  });

  it('a reset or close during the handshake, a refused or timed-out connection, another alert: not the certificate', () => {
    for (const erro of [
      { code: 'ECONNRESET', message: 'Client network socket disconnected before secure TLS connection was established' },
      { code: 'ECONNRESET', message: 'socket hang up' },
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:3443' },
      { code: 'ETIMEDOUT', message: 'connect ETIMEDOUT 10.0.0.1:443' },
      { code: 'EPIPE', message: 'write EPIPE' },
      { message: 'Tempo esgotado após 5000 ms' },
      alerta('sslv3 alert handshake failure', 40),
      alerta('tlsv1 alert protocol version', 70),
      alerta('tlsv1 alert internal error', 80),
      { code: 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', message: 'x' },
    ])
      expect(recusado(erro)).toBe(false);
  });

  it('our own check of the server certificate failing is not the company certificate refused', () => {
    for (const [code, message] of [
      ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'],
      ['CERT_HAS_EXPIRED', 'certificate has expired'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
      [
        'ERR_TLS_CERT_ALTNAME_INVALID',
        "Hostname/IP does not match certificate's altnames: IP: 10.0.0.1 is not in the cert's list: 127.0.0.1",
      ],
    ])
      expect(recusado({ code, message })).toBe(false);
  });
});
