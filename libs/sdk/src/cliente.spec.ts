import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assinarWebhook } from '@emissor/webhooks-verificador';
import { criarClienteEmissor, verificarEvento } from './cliente';
import { ErroApiEmissor, ErroTempoEsgotado, ErroUsoSdk } from './erros';

/** The SDK's own behaviour against a real HTTP server on loopback that answers like the API. */
describe('@emissor/sdk', () => {
  let servidor: Server;
  let base: string;
  const pedidos: { metodo: string; url: string; cabecalhos: Record<string, unknown> }[] = [];
  const UUID = '0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10';

  beforeAll(async () => {
    servidor = createServer((req, res) => {
      pedidos.push({ metodo: req.method!, url: req.url!, cabecalhos: req.headers });
      req.resume();
      req.on('end', () => {
        if (req.url === `/nfe/v1/notas/${UUID}`)
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ uuid: UUID, situacao: 'pendente' }));
        if (req.url === '/nfe/v1/notas' && req.method === 'POST') {
          return res
            .writeHead(422, { 'content-type': 'application/json', 'x-request-id': 'req-1' })
            .end(JSON.stringify({ error: 'invalid_params', params: { itens: ['é obrigatório'] } }));
        }
        res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway');
      });
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => servidor.close(r)));

  const cliente = () => criarClienteEmissor({ baseUrl: base, apiKey: 'prd_chave', apiSecret: 'segredo', cnpjEmpresa: '12345678000195' });

  it('envia Basic, X-Empresa-CNPJ e uma Idempotency-Key nas criações; erros da API são ErroApiEmissor com params', async () => {
    const erro = await cliente()
      .nfe.criar({ codigo_externo: 'A' } as never)
      .catch((e) => e);
    expect(erro).toBeInstanceOf(ErroApiEmissor);
    expect([erro.status, erro.params, erro.requestId]).toEqual([422, { itens: ['é obrigatório'] }, 'req-1']);
    const pedido = pedidos.at(-1)!;
    expect(pedido.cabecalhos.authorization).toBe(`Basic ${Buffer.from('prd_chave:segredo').toString('base64')}`);
    expect(pedido.cabecalhos['x-empresa-cnpj']).toBe('12345678000195');
    expect(pedido.cabecalhos['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await cliente()
      .nfe.criar({} as never, { idempotencyKey: 'minha-chave' })
      .catch(() => null);
    expect(pedidos.at(-1)!.cabecalhos['idempotency-key']).toBe('minha-chave');
  });

  it('uma resposta que não é JSON também vira ErroApiEmissor', async () => {
    const erro = await cliente()
      .nfe.obter('1b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10')
      .catch((e) => e);
    expect(erro).toBeInstanceOf(ErroApiEmissor);
    expect(erro.status).toBe(502);
  });

  it('aguardarVeredito desiste com ErroTempoEsgotado, dizendo a situação', async () => {
    const erro = await cliente()
      .nfe.aguardarVeredito(UUID, { tempoLimiteMs: 300, intervaloMs: 50 })
      .catch((e) => e);
    expect(erro).toBeInstanceOf(ErroTempoEsgotado);
    expect(erro.situacao).toBe('pendente');
  });

  it('entrada ruim aos helpers: ErroUsoSdk (rejeição), nunca uma exceção solta nem uma requisição', async () => {
    const antes = pedidos.length;
    await expect(cliente().nfe.obter('nao-e-uuid')).rejects.toThrow(ErroUsoSdk);
    await expect(cliente().nfe.criar({} as never, { idempotencyKey: '' })).rejects.toThrow(ErroUsoSdk);
    await expect(cliente().nfe.criar({} as never, { idempotencyKey: 'ç' })).rejects.toThrow(ErroUsoSdk);
    await expect(cliente().nfse.xml('abc')).rejects.toThrow(ErroUsoSdk);
    await expect(cliente().nfe.statusSefaz('São Paulo')).rejects.toThrow(ErroUsoSdk);
    await expect(cliente().nfe.aguardarVeredito(UUID, { intervaloMs: 0 })).rejects.toThrow(ErroUsoSdk);
    expect(pedidos.length).toBe(antes);
    expect(() => criarClienteEmissor({ baseUrl: 'ftp://x', apiKey: 'a', apiSecret: 'b' })).toThrow(ErroUsoSdk);
    expect(() => criarClienteEmissor(undefined as never)).toThrow(ErroUsoSdk);
  });

  it('verificarEvento aceita a assinatura certa e recusa corpo alterado, chave errada e cabeçalhos ausentes', () => {
    const corpo = JSON.stringify({ event_id: UUID, uuid: UUID, situacao: 'autorizada' });
    const ts = Math.floor(Date.now() / 1000);
    const cabecalhos = {
      'x-webhook-event': 'nfe_autorizada',
      'x-webhook-timestamp': String(ts),
      'x-webhook-signature': assinarWebhook('whsec_x', ts, corpo),
    };
    expect(verificarEvento('whsec_x', cabecalhos, corpo)).toEqual({ tipo: 'nfe_autorizada', evento: JSON.parse(corpo) });
    expect(() => verificarEvento('whsec_x', cabecalhos, `${corpo} `)).toThrow(ErroUsoSdk);
    expect(() => verificarEvento('whsec_y', cabecalhos, corpo)).toThrow('assinatura_invalida');
    expect(() => verificarEvento('whsec_x', {}, corpo)).toThrow('cabecalho_ausente');
    expect(() => verificarEvento('', cabecalhos, corpo)).toThrow(ErroUsoSdk);
  });
});
