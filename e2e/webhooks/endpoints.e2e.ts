import { TiposEventoNfe } from '@emissor/contracts';
import { type ContaTeste, criarConta, criarEmpresa, requisitar } from '../support/api';

describe('webhooks: cadastro de endpoints (decisões §5)', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const chamar = (metodo: string, caminho: string, corpo?: unknown, c = conta, e = cnpj) =>
    requisitar(metodo, `/conta/v1/webhooks${caminho}`, { credencial: c.producao, cnpj: e, corpo });

  beforeAll(async () => {
    conta = await criarConta();
    cnpj = await criarEmpresa(conta);
  });

  it('cria (201) com a chave_seguranca só na criação; lista sem a chave; remove (204)', async () => {
    const r = await chamar('POST', '', { url: 'http://127.0.0.1:9/receber', eventos: ['nfe_cancelamento_autorizado', 'nfe_autorizada'] });
    expect(r.status).toBe(201);
    expect(r.corpo).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: 'http://127.0.0.1:9/receber',
      eventos: ['nfe_autorizada', 'nfe_cancelamento_autorizado'],
      ativo: true,
      desativado_motivo: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
      chave_seguranca: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const todos = await chamar('POST', '', { url: 'https://exemplo.com.br/hook' });
    expect(todos.status).toBe(201);
    expect(todos.corpo.eventos).toEqual([...TiposEventoNfe]);
    expect(todos.corpo.chave_seguranca).not.toBe(r.corpo.chave_seguranca);

    const lista = await chamar('GET', '');
    expect(lista.status).toBe(200);
    expect(lista.corpo.map((w: any) => w.id)).toEqual([r.corpo.id, todos.corpo.id]);
    for (const w of lista.corpo) expect(w).not.toHaveProperty('chave_seguranca');
    expect(lista.texto).not.toContain(r.corpo.chave_seguranca);

    expect((await chamar('DELETE', `/${todos.corpo.id}`)).status).toBe(204);
    expect((await chamar('DELETE', `/${todos.corpo.id}`)).corpo).toEqual({ error: 'Recurso não encontrado' });
    expect((await chamar('GET', '')).corpo.map((w: any) => w.id)).toEqual([r.corpo.id]);
    expect((await chamar('GET', `/${todos.corpo.id}/entregas`)).status).toBe(404);
  });

  it('422 invalid_params para corpo inválido e para as regras de URL', async () => {
    const casos: [unknown, Record<string, unknown>][] = [
      [{}, { url: expect.any(Array) }],
      [{ url: 12 }, { url: ['deve ser um texto'] }],
      [{ url: 'não é url' }, { url: ['deve ser uma URL absoluta válida'] }],
      // The test system is not production: http is allowed there, so the message names both.
      [{ url: 'ftp://exemplo.com/x' }, { url: ['deve usar http ou https'] }],
      [{ url: 'https://usuario:senha@exemplo.com/x' }, { url: ['não deve conter usuário ou senha'] }],
      [{ url: 'https://exemplo.com/x', eventos: [] }, { eventos: ['deve ter pelo menos 1 elemento'] }],
      [{ url: 'https://exemplo.com/x', eventos: ['nfe_autorizada', 'nfe_xyz'] }, { eventos: [expect.stringContaining('nfe_autorizada')] }],
      [{ url: 'https://exemplo.com/x', eventos: 'nfe_autorizada' }, { eventos: ['deve ser uma lista'] }],
      [{ url: 'https://exemplo.com/x', ativo: false }, { ativo: ['propriedade não permitida'] }],
    ];
    for (const [corpo, params] of casos) {
      const r = await chamar('POST', '', corpo);
      expect({ corpo, status: r.status, resposta: r.corpo }).toEqual({ corpo, status: 422, resposta: { error: 'invalid_params', params } });
    }
  });

  it('404 para webhook ou entrega de outra conta, de outra empresa ou inexistente; 400 para id malformado', async () => {
    const criado = await chamar('POST', '', { url: 'http://127.0.0.1:9/x' });
    const outra = await criarConta();
    const cnpjOutra = await criarEmpresa(outra);
    const outraEmpresaMesmaConta = await criarEmpresa(conta);
    const inexistente = '00000000-0000-4000-8000-000000000000';
    for (const [c, e] of [
      [outra, cnpjOutra],
      [conta, outraEmpresaMesmaConta],
    ] as const) {
      expect((await chamar('GET', `/${criado.corpo.id}/entregas`, undefined, c, e)).corpo).toEqual({ error: 'Recurso não encontrado' });
      expect((await chamar('DELETE', `/${criado.corpo.id}`, undefined, c, e)).status).toBe(404);
      expect((await chamar('POST', `/${criado.corpo.id}/entregas/${inexistente}/reenviar`, undefined, c, e)).status).toBe(404);
      expect((await chamar('GET', '', undefined, c, e)).corpo).toEqual([]);
    }
    expect((await chamar('GET', `/${inexistente}/entregas`)).status).toBe(404);
    expect((await chamar('POST', `/${criado.corpo.id}/entregas/${inexistente}/reenviar`)).corpo).toEqual({
      error: 'Recurso não encontrado',
    });
    // The route takes no body: a field sent to it is refused, not silently ignored.
    expect(await chamar('POST', `/${criado.corpo.id}/entregas/${inexistente}/reenviar`, { imediato: true })).toMatchObject({
      status: 422,
      corpo: { error: 'invalid_params', params: { imediato: ['propriedade não permitida'] } },
    });
    const malformado = await chamar('GET', '/123/entregas');
    expect(malformado.status).toBe(400);
    expect(malformado.corpo).toEqual({ error: 'invalid_params', params: { id: ['deve ser um UUID'] } });
    const log = await chamar('GET', `/${criado.corpo.id}/entregas`);
    expect(log.status).toBe(200);
    expect(log.corpo).toEqual([]);
    expect(log.cabecalhos.get('x-total-count')).toBe('0');
    expect((await requisitar('GET', '/conta/v1/webhooks')).status).toBe(401);
  });
});
