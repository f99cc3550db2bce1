import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enviarEntrega } from '../entregas/entregador';
import { criarAgentes } from './agente-seguro';
import type { Resolvedor } from './regras-url';

/**
 * The guard at connect time, against a real loopback server: a name that resolves to loopback is
 * refused in production (the server sees nothing), allowed otherwise. The resolver stands in for DNS
 * answering differently from when the endpoint was created (DNS rebinding).
 */
describe('guarda SSRF na conexão (lookup do agente HTTP)', () => {
  let servidor: Server;
  let porta: number;
  let recebidas = 0;
  const paraLoopback: Resolvedor = async () => [{ address: '127.0.0.1', family: 4 }];

  beforeAll(async () => {
    servidor = createServer((req, res) => {
      recebidas++;
      req.resume();
      res.end('ok');
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    porta = (servidor.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => servidor.close(r)));

  const pedido = (url: string) => ({ url, chave: 'k', evento: 'nfe_autorizada', corpo: '{}' });

  it('produção: nome que resolve para loopback na hora de conectar é recusado antes de qualquer byte', async () => {
    const agentes = criarAgentes(true, paraLoopback);
    const antes = recebidas;
    const r = await enviarEntrega(pedido(`https://receptor.exemplo.com:${porta}/x`), agentes, true, 2000);
    expect(r).toMatchObject({ ok: false, status: null, motivo: 'url_recusada' });
    expect(r.erro).toMatch(/destino proibido: receptor\.exemplo\.com resolve para endereço privado/);
    expect(recebidas).toBe(antes);
    agentes.https.destroy();
  });

  it('produção: IP literal proibido e http são recusados sem conexão', async () => {
    const agentes = criarAgentes(true, paraLoopback);
    const antes = recebidas;
    expect(await enviarEntrega(pedido(`https://127.0.0.1:${porta}/x`), agentes, true, 2000)).toMatchObject({
      ok: false,
      motivo: 'url_recusada',
    });
    expect(await enviarEntrega(pedido(`http://receptor.exemplo.com:${porta}/x`), agentes, true, 2000)).toMatchObject({
      ok: false,
      motivo: 'url_recusada',
    });
    expect(recebidas).toBe(antes);
  });

  it('fora de produção o mesmo nome conecta', async () => {
    const agentes = criarAgentes(false, paraLoopback);
    const r = await enviarEntrega(pedido(`http://receptor.exemplo.com:${porta}/x`), agentes, false, 2000);
    expect(r).toMatchObject({ ok: true, status: 200 });
    agentes.http.destroy();
  });
});
