import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verificarRequisicaoWebhook } from '@emissor/webhooks-verificador';
import { criarAgentes } from '../seguranca/agente-seguro';
import { enviarEntrega, lerRetryAfter, USER_AGENT } from './entregador';

describe('entregador: um POST assinado', () => {
  let servidor: Server;
  let base: string;
  let responder: (req: IncomingMessage, res: ServerResponse, corpo: string) => void;
  const recebidas: { metodo: string; caminho: string; cabecalhos: IncomingMessage['headers']; corpo: string }[] = [];
  const agentes = criarAgentes(false);

  beforeAll(async () => {
    servidor = createServer((req, res) => {
      let corpo = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (corpo += c));
      req.on('end', () => {
        recebidas.push({ metodo: req.method!, caminho: req.url!, cabecalhos: req.headers, corpo });
        responder(req, res, corpo);
      });
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    agentes.http.destroy();
    servidor.closeAllConnections();
    await new Promise((r) => servidor.close(r));
  });

  const corpo = JSON.stringify({
    event_id: '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60',
    occurred_at: '2026-01-01T10:00:00.000Z',
    situacao: 'autorizada',
  });
  const pedido = (caminho = '/hook') => ({ url: `${base}${caminho}`, chave: 'whsec_teste', evento: 'nfe_autorizada', corpo });

  it('envia o corpo exato com Content-Type, User-Agent, evento, timestamp e assinatura válida', async () => {
    responder = (_q, res) => res.writeHead(204).end();
    const antes = Math.floor(Date.now() / 1000);
    const r = await enviarEntrega(pedido('/hook?token=abc'), agentes, false, 2000);
    expect(r).toMatchObject({ ok: true, status: 204, erro: null });
    const req = recebidas.at(-1)!;
    expect(req).toMatchObject({ metodo: 'POST', caminho: '/hook?token=abc', corpo });
    expect(req.cabecalhos['content-type']).toBe('application/json');
    expect(req.cabecalhos['user-agent']).toBe(USER_AGENT);
    expect(req.cabecalhos['x-webhook-event']).toBe('nfe_autorizada');
    const ts = Number(req.cabecalhos['x-webhook-timestamp']);
    expect(ts).toBeGreaterThanOrEqual(antes);
    expect(ts).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(req.cabecalhos['x-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(verificarRequisicaoWebhook('whsec_teste', req.cabecalhos, req.corpo)).toEqual({ valido: true, timestamp: ts });
    expect(verificarRequisicaoWebhook('outra', req.cabecalhos, req.corpo).valido).toBe(false);
  });

  it('não segue redirecionamentos: 3xx é falha', async () => {
    responder = (_q, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
    const n = recebidas.length;
    const r = await enviarEntrega(pedido(), agentes, false, 2000);
    expect(r).toMatchObject({ ok: false, status: 302, motivo: 'http_3xx', erro: 'redirecionamento não seguido' });
    expect(recebidas.length).toBe(n + 1);
  });

  it('4xx/5xx são falhas; Retry-After só vale em 429 e 503', async () => {
    responder = (_q, res) => res.writeHead(503, { 'retry-after': '7' }).end('ocupado');
    expect(await enviarEntrega(pedido(), agentes, false, 2000)).toMatchObject({
      ok: false,
      status: 503,
      motivo: 'http_5xx',
      retryAfterS: 7,
    });
    responder = (_q, res) => res.writeHead(429, { 'retry-after': new Date(Date.now() + 30_000).toUTCString() }).end();
    const r429 = await enviarEntrega(pedido(), agentes, false, 2000);
    expect(r429.retryAfterS).toBeGreaterThanOrEqual(28);
    responder = (_q, res) => res.writeHead(500, { 'retry-after': '7' }).end();
    const r500 = await enviarEntrega(pedido(), agentes, false, 2000);
    expect(r500).toMatchObject({ ok: false, status: 500 });
    expect(r500.retryAfterS).toBeUndefined();
  });

  it('tempo esgotado sem resposta dentro do limite', async () => {
    responder = () => undefined; // never answers
    const r = await enviarEntrega(pedido(), agentes, false, 300);
    expect(r).toMatchObject({ ok: false, status: null, motivo: 'tempo_esgotado' });
    expect(r.duracaoMs).toBeGreaterThanOrEqual(290);
    expect(r.duracaoMs).toBeLessThan(2000);
  });

  it('conexão recusada vira erro de rede legível', async () => {
    const r = await enviarEntrega({ ...pedido(), url: 'http://127.0.0.1:1/x' }, agentes, false, 2000);
    expect(r).toMatchObject({ ok: false, status: null, motivo: 'rede' });
    expect(r.erro).toMatch(/conexão recusada/);
  });

  it('lê Retry-After em segundos ou data HTTP', () => {
    expect(lerRetryAfter('120')).toBe(120);
    expect(lerRetryAfter(new Date(1_000_000 + 5000).toUTCString(), 1_000_000)).toBe(5);
    expect(lerRetryAfter('amanhã')).toBeUndefined();
    expect(lerRetryAfter(undefined)).toBeUndefined();
  });
});
