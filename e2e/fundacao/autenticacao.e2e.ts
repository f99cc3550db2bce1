import { cabecalhosAdmin, type ContaTeste, criarConta, criarEmpresa, requisitar } from '../support/api';

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
    const tokenErrado = await requisitar('POST', '/admin/v1/contas', {
      cabecalhos: { authorization: 'Bearer errado' },
      corpo: { nome: 'x' },
    });
    expect(tokenErrado.status).toBe(401);
  });

  it('a conta criada traz as duas credenciais, com segredos distintos, mostrados uma vez', async () => {
    const r = await requisitar('POST', '/admin/v1/contas', {
      cabecalhos: cabecalhosAdmin(),
      corpo: { nome: 'Nova' },
    });
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

  describe('credenciais antes do corpo (issue 13): 401 primeiro, qualquer que seja o corpo', () => {
    const rotas: [string, string][] = [
      ['POST', '/nfe/v1/notas'],
      ['POST', '/nfse/v1/notas'],
      ['POST', '/nfe/v1/inutilizacoes'],
      ['PUT', '/nfe/v1/empresa/certificado'],
      ['POST', '/nfe/v1/empresa/certificado/teste'],
      ['PATCH', '/nfe/v1/empresa'],
      ['POST', '/conta/v1/empresas'],
      ['POST', '/conta/v1/webhooks'],
      ['POST', '/nfe/v1/mercadorias'],
      ['DELETE', '/nfe/v1/notas/00000000-0000-4000-8000-000000000000/cancel'],
    ];
    const corpos = ['{"cnpj":', '{bad}', '[1,', ''];

    it.each(rotas)('%s %s sem credenciais e com JSON malformado: 401 com WWW-Authenticate', async (metodo, caminho) => {
      for (const corpoBruto of corpos) {
        for (const cabecalhos of [{}, basic(a.producao.api_key, 'errado')]) {
          const r = await requisitar(metodo, caminho, { corpoBruto, cabecalhos: { ...cabecalhos, 'content-type': 'application/json' } });
          expect([r.status, r.corpo]).toEqual([401, { error: 'HTTP Basic: Access denied.' }]);
          expect(r.cabecalhos.get('www-authenticate')).toBe('Basic realm="Application"');
        }
      }
    });

    it('sem credenciais, corpo que não é JSON ou Content-Type malformado: 401, não 415', async () => {
      for (const tipo of ['application/x-www-form-urlencoded', 'text/plain', 'application/json; charset', ';;;']) {
        const r = await requisitar('POST', '/nfe/v1/notas', { corpoBruto: 'a=1', cabecalhos: { 'content-type': tipo } });
        expect([tipo, r.status]).toEqual([tipo, 401]);
      }
    });

    it('rotas de operador: 401 do token antes do JSON malformado', async () => {
      const r = await requisitar('POST', '/admin/v1/contas', { corpoBruto: '{"nome":' });
      expect(r.status).toBe(401);
      expect(r.cabecalhos.get('www-authenticate')).toBe('Bearer realm="Admin"');
      const comToken = await requisitar('POST', '/admin/v1/contas', {
        corpoBruto: '{"nome":',
        cabecalhos: cabecalhosAdmin(),
      });
      expect([comToken.status, comToken.corpo]).toEqual([400, { error: 'JSON inválido' }]);
    });

    it('com credenciais válidas o corpo segue respondendo como antes: 400 JSON inválido, 415', async () => {
      const malformado = await requisitar('POST', '/nfe/v1/notas', { credencial: a.producao, corpoBruto: '{bad}' });
      expect([malformado.status, malformado.corpo]).toEqual([400, { error: 'JSON inválido' }]);
      const vazio = await requisitar('POST', '/nfe/v1/notas', { credencial: a.producao, corpoBruto: ' ' });
      expect([vazio.status, vazio.corpo]).toEqual([400, { error: 'JSON inválido' }]);
      const form = await requisitar('POST', '/nfe/v1/notas', {
        credencial: a.producao,
        corpoBruto: 'a=1',
        cabecalhos: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
      const charset = await requisitar('POST', '/conta/v1/empresas', {
        credencial: b.producao,
        corpoBruto: '{"x":1}',
        cabecalhos: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect([charset.status, charset.corpo.params]).toEqual([422, expect.objectContaining({ x: ['propriedade não permitida'] })]);
    });
  });
});
