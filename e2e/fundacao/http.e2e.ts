import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { type ContaTeste, criarConta, criarEmpresa, dadosEmpresa, requisitar, URL_BASE } from '../support/api';

/**
 * Writes `pedido` to the gateway over a plain socket (what fetch refuses to send) and reads until the
 * server closes the connection: its status, headers and JSON body.
 */
function http1Bruto(pedido: string, limiteMs = 30_000): Promise<{ status: number; cabecalhos: Record<string, string>; corpo: unknown }> {
  const url = new URL(URL_BASE());
  return new Promise((resolver, rejeitar) => {
    const socket = connect(Number(url.port), url.hostname);
    let recebido = '';
    const prazo = setTimeout(() => {
      socket.destroy();
      rejeitar(new Error(`a conexão seguia aberta após ${limiteMs} ms; recebido: ${JSON.stringify(recebido)}`));
    }, limiteMs);
    socket.on('data', (parte) => (recebido += parte.toString('utf8')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(prazo);
      const [cabeca, corpo = ''] = recebido.split('\r\n\r\n');
      const [linha, ...linhas] = cabeca.split('\r\n');
      const cabecalhos = Object.fromEntries(
        linhas.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      let json: unknown = corpo;
      try {
        json = JSON.parse(corpo);
      } catch {
        /* not JSON: compared as text */
      }
      resolver({ status: Number(linha.split(' ')[1]), cabecalhos, corpo: json });
    });
    socket.write(pedido);
  });
}

describe('contrato HTTP: Accept, JSON, validação, erros, saúde, documentação', () => {
  let conta: ContaTeste;

  beforeAll(async () => {
    conta = await criarConta();
    await criarEmpresa(conta);
  });

  it.each(['application/json', '*/*', 'application/*', 'text/html, application/json;q=0.5'])('Accept %s é atendido', async (accept) => {
    const r = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cabecalhos: { accept } });
    expect(r.status).toBe(200);
  });

  it.each(['text/html', 'application/xml', 'application/json;q=0'])('Accept %s: 406 Not Acceptable', async (accept) => {
    const r = await requisitar('GET', '/nfe/v1/empresa', { credencial: conta.producao, cabecalhos: { accept } });
    expect(r.status).toBe(406);
    expect(r.corpo).toEqual({ error: 'Not Acceptable' });
  });

  it('JSON malformado: 400 JSON inválido', async () => {
    for (const corpoBruto of ['{"cnpj":', '{bad}', '[1,']) {
      const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpoBruto });
      expect(r.status).toBe(400);
      expect(r.corpo).toEqual({ error: 'JSON inválido' });
    }
  });

  it('corpo que não é objeto: 422 invalid_params', async () => {
    const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpoBruto: '[]' });
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
  });

  it('propriedades desconhecidas, também aninhadas: 422 com o caminho do campo', async () => {
    const corpo = dadosEmpresa(undefined, { extra: 1 });
    (corpo.endereco as Record<string, unknown>).pais = 'BR';
    const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpo });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({
      error: 'invalid_params',
      params: { extra: ['propriedade não permitida'], 'endereco.pais': ['propriedade não permitida'] },
    });
  });

  it('tipos errados são recusados sem conversão silenciosa', async () => {
    const r = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpo: dadosEmpresa(undefined, { regime_tributario: '3' }),
    });
    expect(r.status).toBe(422);
    expect(r.corpo.params).toEqual({ regime_tributario: ['deve ser um número inteiro'] });
  });

  it('nome e endereço da empresa com menos caracteres do que o leiaute da NF-e aceita: 422 já no cadastro', async () => {
    // emit/xNome, enderEmit/xLgr, xBairro, xMun: 2 a 60 caracteres (leiauteNFe_v4.00.xsd, TEnderEmi), contados
    // como a SEFAZ recebe o texto ("B  " é um caractere lá). Aceitos aqui, toda NF-e da empresa falharia no XSD.
    const base = dadosEmpresa();
    const r = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpo: { ...base, razao_social: 'X', endereco: { ...base.endereco, logradouro: 'R', bairro: 'B  ', municipio: ' S ' } },
    });
    expect(r.status).toBe(422);
    expect(r.corpo).toEqual({
      error: 'invalid_params',
      params: {
        razao_social: ['deve ter no mínimo 2 caracteres'],
        'endereco.logradouro': ['deve ter no mínimo 2 caracteres'],
        'endereco.bairro': ['deve ter no mínimo 2 caracteres'],
        'endereco.municipio': ['deve ter no mínimo 2 caracteres'],
      },
    });
    const minima = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpo: { ...base, razao_social: 'XY', endereco: { ...base.endereco, logradouro: 'R1', bairro: 'B2', municipio: 'Sé' } },
    });
    expect(minima.status).toBe(201);
  });

  it('parâmetro de caminho inválido: 400 invalid_params', async () => {
    const r = await requisitar('GET', `/nfe/v1/mercadorias/${'x'.repeat(61)}`, { credencial: conta.producao });
    expect(r.status).toBe(400);
    expect(r.corpo).toEqual({ error: 'invalid_params', params: { codigo: ['deve ter no máximo 60 caracteres'] } });
  });

  it('consulta numa rota que não lê nenhuma: 400 invalid_params, como um parâmetro desconhecido numa rota que lê', async () => {
    const naoPermitido = (...nomes: string[]) => ({
      error: 'invalid_params',
      params: Object.fromEntries(nomes.map((n) => [n, ['propriedade não permitida']])),
    });
    // A list without pagination would otherwise answer everything as if per_page had been applied.
    const empresas = await requisitar('GET', '/conta/v1/empresas?per_page=1&page=2', { credencial: conta.producao });
    expect([empresas.status, empresas.corpo]).toEqual([400, naoPermitido('per_page', 'page')]);
    const webhooks = await requisitar('GET', '/conta/v1/webhooks?ativo=false', { credencial: conta.producao });
    expect([webhooks.status, webhooks.corpo]).toEqual([400, naoPermitido('ativo')]);
    const empresa = await requisitar('GET', '/nfe/v1/empresa?ambiente=producao', { credencial: conta.producao });
    expect([empresa.status, empresa.corpo]).toEqual([400, naoPermitido('ambiente')]);
    // Authentication still comes first; a route with a query class answers its unknown parameter the same way.
    expect((await requisitar('GET', '/conta/v1/empresas?x=1')).status).toBe(401);
    const notas = await requisitar('GET', '/nfe/v1/notas?ativo=false', { credencial: conta.producao });
    expect([notas.status, notas.corpo]).toEqual([400, naoPermitido('ativo')]);
    // Every parameter takes one value: a repeated one is named as such, not as "not a text".
    const repetido = await requisitar('GET', '/nfe/v1/notas?page=1&page=2&situacao=autorizada', { credencial: conta.producao });
    expect([repetido.status, repetido.corpo]).toEqual([
      400,
      { error: 'invalid_params', params: { page: ['deve ser informado uma só vez'] } },
    ]);
    // Without a query the same routes answer as ever.
    expect((await requisitar('GET', '/conta/v1/empresas', { credencial: conta.producao })).status).toBe(200);
    expect((await requisitar('GET', '/conta/v1/empresas?', { credencial: conta.producao })).status).toBe(200);
  });

  it('parâmetro de caminho longo demais ou com escape % quebrado: 400 invalid_params, não o erro do framework', async () => {
    const longo = await requisitar('GET', `/nfe/v1/mercadorias/${'x'.repeat(150)}`, { credencial: conta.producao });
    expect([longo.status, longo.corpo]).toEqual([
      400,
      { error: 'invalid_params', params: { codigo: ['deve ter no máximo 60 caracteres'] } },
    ]);
    const escape = await requisitar('GET', '/nfe/v1/mercadorias/%ZZ', { credencial: conta.producao });
    expect(escape.status).toBe(400);
    expect(escape.corpo).toEqual({ error: 'invalid_params', params: { caminho: [expect.any(String)] } });
  });

  it('Content-Type: application/json sem corpo (DELETE, POST sem payload): segue como pedido sem corpo', async () => {
    const r = await requisitar('DELETE', '/conta/v1/webhooks/00000000-0000-4000-8000-000000000000', {
      credencial: conta.producao,
      cabecalhos: { 'content-type': 'application/json' },
    });
    expect([r.status, r.corpo]).toEqual([404, { error: 'Recurso não encontrado' }]);
    const semPayload = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      cabecalhos: { 'content-type': 'application/json' },
    });
    expect(semPayload.status).toBe(422);
    expect(semPayload.corpo.error).toBe('invalid_params');
  });

  it('NUL, metade de par UTF-16, chaves com nome de membro de Object.prototype e aninhamento profundo: 422/400, nunca 500', async () => {
    const invalido = ['contém caractere inválido (de controle, como NUL, ou metade de um par UTF-16)'];
    const nul = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpo: dadosEmpresa(undefined, { razao_social: 'Empresa\u0000 LTDA' }),
    });
    expect([nul.status, nul.corpo]).toEqual([422, { error: 'invalid_params', params: { razao_social: invalido } }]);
    const surrogate = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpoBruto: JSON.stringify(dadosEmpresa()).replace('"razao_social":"', '"razao_social":"\\ud800'),
    });
    expect([surrogate.status, surrogate.corpo.params]).toEqual([422, { razao_social: invalido }]);
    const consulta = await requisitar('GET', '/nfe/v1/notas?codigo_externo=%00', { credencial: conta.producao });
    expect([consulta.status, consulta.corpo.params]).toEqual([400, { codigo_externo: invalido }]);
    const prototipo = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpoBruto: JSON.stringify(dadosEmpresa()).replace('{', '{"hasOwnProperty":1,'),
    });
    expect([prototipo.status, prototipo.corpo.params]).toEqual([422, { hasOwnProperty: ['propriedade não permitida'] }]);
    // Valid JSON whose keys are __proto__ or constructor is an unknown property (422), not malformed JSON (400).
    for (const chave of ['__proto__', 'constructor']) {
      const r = await requisitar('POST', '/conta/v1/empresas', {
        credencial: conta.producao,
        corpoBruto: JSON.stringify(dadosEmpresa()).replace('{', `{"${chave}":{"x":1},`),
      });
      expect([chave, r.status, r.corpo.params]).toEqual([chave, 422, { [chave]: ['propriedade não permitida'] }]);
    }
    const fundo = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpoBruto: JSON.stringify(dadosEmpresa()).replace('{', `{"x":${'['.repeat(3000)}${']'.repeat(3000)},`),
    });
    expect([fundo.status, fundo.corpo.error]).toEqual([422, 'invalid_params']);
  });

  it('corpo acima do limite (5 MB): 413 com a mensagem, e a API segue atendendo', async () => {
    const r = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpoBruto: JSON.stringify({ x: 'a'.repeat(5.5 * 1024 * 1024) }),
    });
    expect([r.status, r.corpo]).toEqual([413, { error: 'Corpo da requisição excede o tamanho máximo' }]);
    expect((await requisitar('GET', '/conta/v1/empresas', { credencial: conta.producao })).status).toBe(200);
  });

  it('Content-Type que não é JSON: 415', async () => {
    const r = await requisitar('POST', '/conta/v1/empresas', {
      credencial: conta.producao,
      corpoBruto: 'cnpj=1',
      cabecalhos: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
    expect(typeof r.corpo.error).toBe('string');
  });

  it('corpo que não é UTF-8: 400 JSON inválido (JSON é UTF-8), e o BOM do início é aceito', async () => {
    const json = Buffer.from(JSON.stringify({ razao_social: 'Loja X' }));
    const latin1 = Buffer.concat([json.subarray(0, 16), Buffer.from([0xe7, 0xe3]), json.subarray(16)]);
    const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpoBruto: latin1 });
    expect([r.status, r.corpo]).toEqual([400, { error: 'JSON inválido' }]);
    const comBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(dadosEmpresa()))]);
    expect((await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpoBruto: comBom })).status).toBe(201);
  });

  it('corpo comprimido (Content-Encoding gzip): 415 com a mensagem; sem credencial, 401 antes', async () => {
    const gz = gzipSync(JSON.stringify(dadosEmpresa()));
    const cabecalhos = { 'content-encoding': 'gzip' };
    const r = await requisitar('POST', '/conta/v1/empresas', { credencial: conta.producao, corpoBruto: gz, cabecalhos });
    expect([r.status, r.corpo]).toEqual([415, { error: 'Content-Encoding não suportado: envie o corpo sem compressão' }]);
    expect((await requisitar('POST', '/conta/v1/empresas', { corpoBruto: gz, cabecalhos })).status).toBe(401);
  });

  it('requisição HTTP malformada (caractere de controle num cabeçalho): 400 no formato {error}, conexão encerrada', async () => {
    const r = await http1Bruto(`GET /health HTTP/1.1\r\nHost: x\r\nIdempotency-Key: abc\x07def\r\n\r\n`);
    expect(r.status).toBe(400);
    expect(r.cabecalhos['content-type']).toMatch(/^application\/json/);
    expect(r.corpo).toEqual({ error: 'Requisição HTTP malformada' });
  });

  it('corpo anunciado e nunca enviado por inteiro: 408 no formato {error}, a conexão não fica presa', async () => {
    const r = await http1Bruto(
      `POST /conta/v1/empresas HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{}`,
    );
    expect(r.status).toBe(408);
    expect(r.corpo).toEqual({ error: 'Requisição não recebida por inteiro a tempo' });
  });

  it('rota desconhecida: 404 com corpo {error}', async () => {
    const r = await requisitar('GET', '/nfe/v1/naoexiste', { credencial: conta.producao });
    expect(r.status).toBe(404);
    expect(r.corpo).toEqual({ error: 'Recurso não encontrado' });
  });

  it('saúde: /health e /health/ready sem autenticação', async () => {
    expect((await requisitar('GET', '/health')).corpo).toEqual({ status: 'ok' });
    const pronto = await requisitar('GET', '/health/ready');
    expect(pronto.status).toBe(200);
    expect(pronto.corpo).toEqual({ status: 'ok', verificacoes: { banco: 'ok', nats: 'ok' }, pid: expect.any(Number) });
  });

  it('OpenAPI 3 em /docs-json descreve todas as rotas públicas, e /docs serve a interface', async () => {
    const r = await requisitar('GET', '/docs-json');
    expect(r.status).toBe(200);
    expect(r.corpo.openapi).toMatch(/^3\./);
    const rotas = Object.entries(r.corpo.paths as Record<string, object>).flatMap(([caminho, metodos]) =>
      Object.keys(metodos).map((m) => `${m.toUpperCase()} ${caminho}`),
    );
    expect(rotas.sort()).toEqual(
      [
        'POST /admin/v1/contas',
        'POST /conta/v1/empresas',
        'PATCH /conta/v1/empresas/{cnpj}',
        'GET /conta/v1/empresas',
        'PUT /nfe/v1/empresa/certificado',
        'GET /nfe/v1/empresa',
        'PATCH /nfe/v1/empresa',
        'POST /nfe/v1/mercadorias',
        'GET /nfe/v1/mercadorias/{codigo}',
        'PUT /nfe/v1/mercadorias/{codigo}',
        'DELETE /nfe/v1/mercadorias/{codigo}',
        'POST /nfe/v1/notas',
        'GET /nfe/v1/notas',
        'GET /nfe/v1/notas/{uuid}',
        'DELETE /nfe/v1/notas/{uuid}/cancel',
        'GET /nfe/v1/notas/{uuid}/xml',
        'GET /nfe/v1/notas/{uuid}/danfe',
        'POST /nfe/v1/notas/{uuid}/reemitir',
        'POST /nfe/v1/notas/{uuid}/inutilizar',
        'POST /nfe/v1/inutilizacoes',
        'GET /nfe/v1/inutilizacoes/{serie}/{numero_inicial}/{numero_final}/xml',
        'POST /nfse/v1/notas',
        'GET /nfse/v1/notas',
        'GET /nfse/v1/notas/{id}',
        'GET /nfse/v1/notas/{id}/erros',
        'GET /nfse/v1/notas/{id}/xml',
        'DELETE /nfse/v1/notas/{id}/cancel',
        'POST /admin/v1/municipios/{codigo_municipio}/servicos',
        'POST /conta/v1/webhooks',
        'GET /conta/v1/webhooks',
        'DELETE /conta/v1/webhooks/{id}',
        'GET /conta/v1/webhooks/{id}/entregas',
        'POST /conta/v1/webhooks/{id}/entregas/{entrega_id}/reenviar',
        'POST /nfe/v1/empresa/certificado/teste',
        'POST /nfe/v1/notas/{uuid}/carta-correcao',
        'GET /nfe/v1/notas/{uuid}/cartas-correcao',
        'GET /nfe/v1/notas/{uuid}/cartas-correcao/{sequencia}/xml',
        'GET /nfe/v1/sefaz/status',
      ].sort(),
    );
    const ui = await fetch(`${process.env.E2E_URL}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
  });
});
