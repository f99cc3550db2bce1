import { erroDeConexao } from './provedor';

describe('erroDeConexao', () => {
  it('a TLS alert about the certificate is a refusal of the company, not the municipality down', () => {
    expect(erroDeConexao('x', Object.assign(new Error('tlsv1 alert certificate expired'), { code: 'ERR_SSL_TLSV1_ALERT_CERTIFICATE_EXPIRED' })).certificadoRecusado).toBe(true);
    expect(erroDeConexao('x', Object.assign(new Error('sslv3 alert bad certificate'), { code: 'ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE' })).certificadoRecusado).toBe(true);
  });

  it('refused, reset or timed-out connections are the municipality down', () => {
    for (const [code, msg] of [
      ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3444'],
      ['ECONNRESET', 'socket hang up'],
      [undefined, 'sem resposta em 5000 ms'],
    ]) {
      const e = erroDeConexao('Falha de comunicação com o município', Object.assign(new Error(msg), { code }));
      expect(e.certificadoRecusado).toBe(false);
      expect(e.message).toBe(`Falha de comunicação com o município: ${msg}`);
    }
  });
});
