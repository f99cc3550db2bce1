import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import { type AddressInfo, createServer as criarServidorTcp, type Server as ServidorTcp, type Socket } from 'node:net';
import { montarFalhaSoap, montarRespostaSoap } from '@emissor/fiscal-domain';
import { cadeiaTeste } from './__fixtures__/certificados';
import { chamarSoap, classificarFalhaConexao, ErroComunicacaoSefaz, VERSOES_TLS } from './cliente-soap';

const certs = cadeiaTeste();

describe('chamarSoap: SOAP 1.2 over mutual TLS, and what each failure means', () => {
  let servidor: Server;
  let porta: number;
  let tratar: (req: IncomingMessage, res: ServerResponse, corpo: string) => void;
  let agente: Agent;

  beforeAll(async () => {
    servidor = createServer(
      {
        key: certs.servidor.chavePem,
        cert: certs.servidor.certificadoPem,
        ca: [certs.ac.certificadoPem],
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        let corpo = '';
        req.on('data', (p) => (corpo += p));
        req.on('end', () => tratar(req, res, corpo));
      },
    );
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', () => r()));
    porta = (servidor.address() as AddressInfo).port;
    agente = new Agent({
      key: certs.cliente.chavePem,
      cert: certs.cliente.certificadoPem,
      ca: [certs.ac.certificadoPem],
      keepAlive: true,
      ...VERSOES_TLS,
    });
  });

  afterAll(async () => {
    agente.destroy();
    servidor.closeAllConnections();
    await new Promise((r) => servidor.close(r));
  });

  const chamar = (o: { tempoLimiteMs?: number; agente?: Agent; porta?: number } = {}) =>
    chamarSoap({
      url: new URL(`https://127.0.0.1:${o.porta ?? porta}/homologacao/ws/nfestatusservico4.asmx`),
      servico: 'NFeStatusServico4',
      mensagem: '<consStatServ/>',
      agente: o.agente ?? agente,
      tempoLimiteMs: o.tempoLimiteMs ?? 2_000,
    });
  const falha = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (e) {
      expect(e).toBeInstanceOf(ErroComunicacaoSefaz);
      return e as ErroComunicacaoSefaz;
    }
    throw new Error('deveria falhar');
  };

  it('posts the envelope with the SOAP 1.2 action and returns the message of nfeResultMsg', async () => {
    let recebido: { tipo?: string; corpo: string; caminho?: string } = { corpo: '' };
    tratar = (req, res, corpo) => {
      recebido = { tipo: req.headers['content-type'], corpo, caminho: req.url };
      res
        .writeHead(200, { 'content-type': 'application/soap+xml' })
        .end(montarRespostaSoap('NFeStatusServico4', '<retConsStatServ><cStat>107</cStat></retConsStatServ>'));
    };
    expect(await chamar()).toBe('<retConsStatServ><cStat>107</cStat></retConsStatServ>');
    expect(recebido.tipo).toBe(
      'application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"',
    );
    expect(recebido.corpo).toContain(
      '<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4"><consStatServ/></nfeDadosMsg>',
    );
    expect(recebido.caminho).toBe('/homologacao/ws/nfestatusservico4.asmx');
  });

  it('HTTP 503, a SOAP Fault or garbage: the request may have arrived (talvezEntregue)', async () => {
    tratar = (_req, res) => res.writeHead(503, { 'content-type': 'text/html' }).end('<html>503</html>');
    const e503 = await falha(chamar());
    expect(e503).toMatchObject({ fase: 'resposta', detalhe: { status: 503 } });
    expect(e503.talvezEntregue).toBe(true);
    tratar = (_req, res) => res.writeHead(500).end(montarFalhaSoap('Receiver', 'erro interno'));
    expect((await falha(chamar())).message).toContain('SOAP Fault');
    tratar = (_req, res) => res.writeHead(200).end('não é XML');
    expect((await falha(chamar())).fase).toBe('resposta');
  });

  it('a reset after the request was sent, and a timeout, may have arrived', async () => {
    tratar = (req) => req.socket.destroy();
    const reset = await falha(chamar());
    expect(reset.talvezEntregue).toBe(true);
    tratar = () => undefined;
    const inicio = Date.now();
    const lento = await falha(chamar({ tempoLimiteMs: 300 }));
    expect(lento).toMatchObject({ fase: 'resposta', detalhe: { tempoEsgotado: true } });
    expect(Date.now() - inicio).toBeLessThan(1_500);
  });

  /** A bare TCP server that reads the ClientHello and then does `depois` with the socket. */
  async function servidorCru(depois: (s: Socket) => void): Promise<{ porta: number; fechar: () => Promise<unknown> }> {
    const cru: ServidorTcp = criarServidorTcp((s) => s.once('data', () => depois(s)));
    await new Promise<void>((r) => cru.listen(0, '127.0.0.1', () => r()));
    return { porta: (cru.address() as AddressInfo).port, fechar: () => new Promise((r) => cru.close(r)) };
  }

  it('no connection (refused, reset in the handshake, a server we do not trust): certainly not delivered, and never our certificate refused', async () => {
    const recusada = await falha(chamar({ porta: 1 }));
    expect(recusada).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: false } });
    // A server killed (or a network blip) mid-handshake: a communication failure, not a refusal.
    const morto = await servidorCru((s) => s.destroy());
    const reset = await falha(chamar({ porta: morto.porta }));
    expect(reset).toMatchObject({ fase: 'conexao', detalhe: { codigo: 'ECONNRESET', tlsRecusado: false } });
    await morto.fechar();
    // Node's own TLS server drops a certificate it does not trust without an alert: a reset as well.
    const estranho = new Agent({
      key: certs.outraAc.chavePem,
      cert: certs.outraAc.certificadoPem,
      ca: [certs.ac.certificadoPem],
      ...VERSOES_TLS,
    });
    tratar = (_req, res) =>
      res.writeHead(200).end(montarRespostaSoap('NFeStatusServico4', '<retConsStatServ><cStat>107</cStat></retConsStatServ>'));
    expect(await falha(chamar({ agente: estranho }))).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: false } });
    estranho.destroy();
    // And we never talk to a server our CAs do not vouch for (our check, not the company's certificate).
    const semConfianca = new Agent({
      key: certs.cliente.chavePem,
      cert: certs.cliente.certificadoPem,
      ca: [certs.outraAc.certificadoPem],
      ...VERSOES_TLS,
    });
    expect(await falha(chamar({ agente: semConfianca }))).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: false } });
    semConfianca.destroy();
  });

  it('a TLS alert about our certificate (here certificate_expired, fatal) is the refusal: tlsRecusado, not delivered', async () => {
    const juiz = await servidorCru((s) => s.end(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 45])));
    const recusa = await falha(chamar({ porta: juiz.porta }));
    expect(recusa).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: true } });
    expect(recusa.message).toContain('alert certificate expired');
    await juiz.fechar();
    // Another alert (the server cannot agree on a protocol or cipher) is not about the certificate.
    const outro = await servidorCru((s) => s.end(Buffer.from([0x15, 0x03, 0x03, 0x00, 0x02, 0x02, 40])));
    expect(await falha(chamar({ porta: outro.porta }))).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: false } });
    await outro.fechar();
  });
});

describe('classificarFalhaConexao', () => {
  const reset = { code: 'ECONNRESET', message: 'Client network socket disconnected before secure TLS connection was established' };
  const alerta = { code: 'EPROTO', message: 'write EPROTO ...:ssl3_read_bytes:tlsv1 alert unknown ca:...:SSL alert number 48' };

  it('a certificate alert is a refusal, never delivered (TLS 1.3 may report it after our side connected)', () => {
    expect(classificarFalhaConexao(alerta, false)).toEqual({ fase: 'conexao', tlsRecusado: true });
    expect(classificarFalhaConexao(alerta, true)).toEqual({ fase: 'conexao', tlsRecusado: true });
  });

  it('anything else is a communication failure, possibly delivered once the session was up', () => {
    expect(classificarFalhaConexao(reset, false)).toEqual({ fase: 'conexao', tlsRecusado: false });
    expect(classificarFalhaConexao({ code: 'ECONNRESET', message: 'socket hang up' }, true)).toEqual({
      fase: 'resposta',
      tlsRecusado: false,
    });
    expect(
      classificarFalhaConexao({ code: 'SELF_SIGNED_CERT_IN_CHAIN', message: 'self-signed certificate in certificate chain' }, false),
    ).toEqual({ fase: 'conexao', tlsRecusado: false });
    expect(classificarFalhaConexao({ code: 'EPROTO', message: 'sslv3 alert handshake failure:SSL alert number 40' }, true)).toEqual({
      fase: 'resposta',
      tlsRecusado: false,
    });
  });
});
