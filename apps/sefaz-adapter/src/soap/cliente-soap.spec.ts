import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { montarFalhaSoap, montarRespostaSoap } from '@emissor/fiscal-domain';
import { cadeiaTeste } from './__fixtures__/certificados';
import { chamarSoap, ErroComunicacaoSefaz, VERSOES_TLS } from './cliente-soap';

const certs = cadeiaTeste();

describe('chamarSoap: SOAP 1.2 over mutual TLS, and what each failure means', () => {
  let servidor: Server;
  let porta: number;
  let tratar: (req: IncomingMessage, res: ServerResponse, corpo: string) => void;
  let agente: Agent;

  beforeAll(async () => {
    servidor = createServer({ key: certs.servidor.chavePem, cert: certs.servidor.certificadoPem, ca: [certs.ac.certificadoPem], requestCert: true, rejectUnauthorized: true }, (req, res) => {
      let corpo = '';
      req.on('data', (p) => (corpo += p));
      req.on('end', () => tratar(req, res, corpo));
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', () => r()));
    porta = (servidor.address() as AddressInfo).port;
    agente = new Agent({ key: certs.cliente.chavePem, cert: certs.cliente.certificadoPem, ca: [certs.ac.certificadoPem], keepAlive: true, ...VERSOES_TLS });
  });

  afterAll(async () => {
    agente.destroy();
    servidor.closeAllConnections();
    await new Promise((r) => servidor.close(r));
  });

  const chamar = (o: { tempoLimiteMs?: number; agente?: Agent; porta?: number } = {}) =>
    chamarSoap({ url: new URL(`https://127.0.0.1:${o.porta ?? porta}/homologacao/ws/nfestatusservico4.asmx`), servico: 'NFeStatusServico4', mensagem: '<consStatServ/>', agente: o.agente ?? agente, tempoLimiteMs: o.tempoLimiteMs ?? 2_000 });
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
      res.writeHead(200, { 'content-type': 'application/soap+xml' }).end(montarRespostaSoap('NFeStatusServico4', '<retConsStatServ><cStat>107</cStat></retConsStatServ>'));
    };
    expect(await chamar()).toBe('<retConsStatServ><cStat>107</cStat></retConsStatServ>');
    expect(recebido.tipo).toBe('application/soap+xml; charset=utf-8; action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4/nfeStatusServicoNF"');
    expect(recebido.corpo).toContain('<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeStatusServico4"><consStatServ/></nfeDadosMsg>');
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

  it('no connection (refused, or our certificate refused in the TLS handshake): certainly not delivered', async () => {
    const recusada = await falha(chamar({ porta: 1 }));
    expect(recusada.talvezEntregue).toBe(false);
    const estranho = new Agent({ key: certs.outraAc.chavePem, cert: certs.outraAc.certificadoPem, ca: [certs.ac.certificadoPem], ...VERSOES_TLS });
    tratar = (_req, res) => res.writeHead(200).end(montarRespostaSoap('NFeStatusServico4', '<retConsStatServ><cStat>107</cStat></retConsStatServ>'));
    const tls = await falha(chamar({ agente: estranho }));
    expect(tls).toMatchObject({ fase: 'conexao', detalhe: { tlsRecusado: true } });
    estranho.destroy();
    // And we never talk to a server our CAs do not vouch for.
    const semConfianca = new Agent({ key: certs.cliente.chavePem, cert: certs.cliente.certificadoPem, ca: [certs.outraAc.certificadoPem], ...VERSOES_TLS });
    expect((await falha(chamar({ agente: semConfianca }))).talvezEntregue).toBe(false);
    semConfianca.destroy();
  });
});
