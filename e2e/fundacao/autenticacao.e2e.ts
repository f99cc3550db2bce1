import { type ContaTeste, criarConta, criarEmpresa, requisitar } from '../support/api';

describe('autenticação HTTP Basic', () => {
  let a: ContaTeste;
  let b: ContaTeste;

  beforeAll(async () => {
    a = await criarConta('Conta A');
    b = await criarConta('Conta B');
    await criarEmpresa(a);
  });

  const esperar401 = async (cabecalhos: Record<string, string>) => {
    const r = await requisitar('GET', '/nfe/v1/empresa', { cabecalhos });
    expect(r.status).toBe(401);
    expect(r.corpo).toEqual({ error: 'HTTP Basic: Access denied.' });
    expect(r.cabecalhos.get('www-authenticate')).toBe('Basic realm="Application"');
  };
  const basic = (usuario: string, senha: string) => ({ authorization: `Basic ${Buffer.from(`${usuario}:${senha}`).toString('base64')}` });

  it('sem cabeçalho Authorization: 401', () => esperar401({}));
  it('segredo errado: 401', () => esperar401(basic(a.producao.api_key, 'errado')));
  it('chave desconhecida: 401', () => esperar401(basic('prd_naoexiste', a.producao.api_secret)));
  it('chave de uma conta com o segredo de outra: 401', () => esperar401(basic(b.producao.api_key, a.producao.api_secret)));
  it('chave de produção com o segredo sandbox da mesma conta: 401', () => esperar401(basic(a.producao.api_key, a.sandbox.api_secret)));
  it('esquema que não é Basic: 401', () => esperar401({ authorization: `Bearer ${a.producao.api_secret}` }));
  it('Basic malformado: 401', () => esperar401({ authorization: 'Basic %%%' }));

  it('credenciais de produção e de sandbox válidas: 200', async () => {
    for (const credencial of [a.producao, a.sandbox]) {
      const r = await requisitar('GET', '/nfe/v1/empresa', { credencial });
      expect(r.status).toBe(200);
    }
  });

  it('rotas de operador exigem o ADMIN_TOKEN, e credenciais de conta não servem', async () => {
    const semToken = await requisitar('POST', '/admin/v1/contas', { corpo: { nome: 'x' } });
    expect(semToken.status).toBe(401);
    expect(typeof semToken.corpo.error).toBe('string');
    const comConta = await requisitar('POST', '/admin/v1/contas', { credencial: a.producao, corpo: { nome: 'x' } });
    expect(comConta.status).toBe(401);
    const tokenErrado = await requisitar('POST', '/admin/v1/contas', { cabecalhos: { authorization: 'Bearer errado' }, corpo: { nome: 'x' } });
    expect(tokenErrado.status).toBe(401);
  });

  it('a conta criada traz as duas credenciais, com segredos distintos, mostrados uma vez', async () => {
    const r = await requisitar('POST', '/admin/v1/contas', { cabecalhos: { authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` }, corpo: { nome: 'Nova' } });
    expect(r.status).toBe(201);
    expect(r.corpo).toEqual({
      id: expect.any(String),
      nome: 'Nova',
      credenciais: {
        producao: { api_key: expect.stringMatching(/^prd_/), api_secret: expect.any(String) },
        sandbox: { api_key: expect.stringMatching(/^sbx_/), api_secret: expect.any(String) },
      },
    });
    expect(r.corpo.credenciais.producao.api_secret).not.toBe(r.corpo.credenciais.sandbox.api_secret);
  });

  it('toda resposta tem X-Request-Id, e um id enviado pelo cliente é mantido', async () => {
    const gerado = await requisitar('GET', '/nfe/v1/empresa', { credencial: a.producao });
    expect(gerado.cabecalhos.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const enviado = await requisitar('GET', '/nfe/v1/empresa', { credencial: a.producao, cabecalhos: { 'x-request-id': 'cliente-123' } });
    expect(enviado.cabecalhos.get('x-request-id')).toBe('cliente-123');
  });
});
