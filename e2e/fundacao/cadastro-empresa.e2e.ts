import { Client } from 'pg';
import { inscricaoEstadualDeExemplo } from '@emissor/testing';
import {
  baixar,
  cnpjAleatorio,
  contaComEmpresaApta,
  type ContaTeste,
  criarConta,
  criarEmpresa,
  criarNotaAutorizada,
  dadosEmpresa,
  notaValida,
  requisitar,
} from '../support/api';

describe('alteração do cadastro da empresa (PATCH /conta/v1/empresas/{cnpj})', () => {
  let conta: ContaTeste;
  let cnpj: string;
  const alterar = (corpo: unknown, cnpjCaminho = cnpj, credencial = conta.producao) =>
    requisitar('PATCH', `/conta/v1/empresas/${cnpjCaminho}`, { credencial, corpo });
  const listada = async () =>
    (await requisitar('GET', '/conta/v1/empresas', { credencial: conta.producao })).corpo.find((e: { cnpj: string }) => e.cnpj === cnpj);

  beforeAll(async () => {
    conta = await criarConta();
    cnpj = await criarEmpresa(conta, { telefone: '(11) 3333-4444', email: 'fiscal@empresa.com.br' });
  });

  it('os campos enviados mudam, os omitidos ficam, um opcional enviado como null é apagado; a listagem mostra o mesmo', async () => {
    const antes = await listada();
    const r = await alterar({ razao_social: 'Empresa Renomeada LTDA', telefone: '(11) 98888-7777', email: null });
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ ...antes, razao_social: 'Empresa Renomeada LTDA', telefone: '(11) 98888-7777', email: null });
    expect(await listada()).toEqual(r.corpo);
    // The CNPJ of the path, punctuated, names the same company; sending the same CNPJ in the body is harmless.
    const pontuado = `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;
    const mesmo = await alterar({ cnpj: pontuado, nome_fantasia: 'Renomeada' }, encodeURIComponent(pontuado));
    expect(mesmo.status).toBe(200);
    expect(mesmo.corpo.nome_fantasia).toBe('Renomeada');
    // Two changes at once to different fields: the row is locked while each is merged, so both stay.
    const [a, b] = await Promise.all([alterar({ telefone: '(21) 2222-3333' }), alterar({ email: 'nfe@empresa.com.br' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await listada()).toMatchObject({ telefone: '(21) 2222-3333', email: 'nfe@empresa.com.br' });
  });

  it('novo endereço: vai com o código do município, e a IE tem de ser da nova UF', async () => {
    const rio = {
      cep: '20040-020',
      logradouro: 'Avenida Rio Branco',
      numero: '1',
      bairro: 'Centro',
      municipio: 'Rio de Janeiro',
      uf: 'RJ',
    };
    const semCodigo = await alterar({ endereco: rio });
    expect(semCodigo.status).toBe(422);
    expect(semCodigo.corpo).toEqual({
      error: 'invalid_params',
      params: { codigo_municipio: ['é obrigatório quando endereco é enviado: informe o código IBGE de 7 dígitos do novo endereço'] },
    });
    // The stored IE is São Paulo's: the record as it would be is checked whole (SEFAZ 209).
    const ieDeSp = await alterar({ endereco: rio, codigo_municipio: '3304557' });
    expect(ieDeSp.status).toBe(422);
    expect(ieDeSp.corpo.error).toBe('invalid_params');
    expect(Object.keys(ieDeSp.corpo.params)).toEqual(['inscricao_estadual']);
    const codigoDeSp = await alterar({ endereco: rio, codigo_municipio: '3550308', inscricao_estadual: inscricaoEstadualDeExemplo('RJ') });
    expect(codigoDeSp.status).toBe(422);
    expect(Object.keys(codigoDeSp.corpo.params)).toEqual(['codigo_municipio']);
    expect((await listada()).endereco.uf).toBe('SP');

    const mudou = await alterar({ endereco: rio, codigo_municipio: '3304557', inscricao_estadual: inscricaoEstadualDeExemplo('RJ') });
    expect(mudou.status).toBe(200);
    expect(mudou.corpo).toMatchObject({
      endereco: { ...rio, cep: '20040020' },
      codigo_municipio: '3304557',
      inscricao_estadual: inscricaoEstadualDeExemplo('RJ'),
    });
  });

  it('campos inválidos, obrigatórios apagados, CNPJ diferente: 422 invalid_params e nada muda', async () => {
    const antes = await listada();
    const r = await alterar({ razao_social: null, regime_tributario: 7, telefone: '12', outro: 1 });
    expect(r.status).toBe(422);
    expect(r.corpo.error).toBe('invalid_params');
    expect(Object.keys(r.corpo.params).sort()).toEqual(['outro', 'regime_tributario', 'telefone']);
    const obrigatorio = await alterar({ razao_social: null });
    expect(obrigatorio.status).toBe(422);
    expect(obrigatorio.corpo).toEqual({ error: 'invalid_params', params: { razao_social: ['é obrigatório'] } });
    const outroCnpj = await alterar({ cnpj: cnpjAleatorio() });
    expect(outroCnpj.corpo).toEqual({ error: 'invalid_params', params: { cnpj: ['não pode ser alterado (deve ser o CNPJ do caminho)'] } });
    // An MEI issues NFS-e only through the national system, whichever field changed.
    const mei = await alterar({ regime_tributario: 4, provedor_nfse: 'abrasf-2.04' });
    expect(mei.status).toBe(422);
    expect(Object.keys(mei.corpo.params)).toEqual(['provedor_nfse']);
    expect(await listada()).toEqual(antes);
  });

  it('empresa de outra conta ou inexistente: 404; CNPJ inválido no caminho: 400', async () => {
    const outra = await criarConta();
    const r = await alterar({ telefone: '(11) 3333-4444' }, cnpj, outra.producao);
    expect(r).toMatchObject({ status: 404, corpo: { error: 'Empresa não encontrada' } });
    expect((await alterar({ telefone: '(11) 3333-4444' }, cnpjAleatorio())).status).toBe(404);
    const invalido = await alterar({ telefone: '(11) 3333-4444' }, '11222333000182');
    expect(invalido.status).toBe(400);
    expect(invalido.corpo.error).toBe('invalid_params');
  });

  it('uma empresa gravada com IE que a UF não emitiria fica apta depois de corrigi-la, e a nota seguinte sai com a nova IE', async () => {
    const apta = await contaComEmpresaApta();
    const banco = new Client({ connectionString: process.env.E2E_DATABASE_URL });
    await banco.connect();
    try {
      // As a company registered before the gateway checked the IE per state.
      await banco.query(`UPDATE cadastro.empresas SET inscricao_estadual = '110042490115' WHERE cnpj = $1`, [apta.cnpj]);
    } finally {
      await banco.end();
    }
    const requisitos = async () =>
      (await requisitar('GET', '/nfe/v1/empresa', { credencial: apta.conta.producao, cnpj: apta.cnpj })).corpo.requisitos_nfe;
    expect((await requisitos())[0].atendido).toBe(false);
    expect(
      (await requisitar('POST', '/nfe/v1/notas', { credencial: apta.conta.producao, cnpj: apta.cnpj, corpo: notaValida() })).status,
    ).toBe(422);

    const r = await requisitar('PATCH', `/conta/v1/empresas/${apta.cnpj}`, {
      credencial: apta.conta.producao,
      corpo: { inscricao_estadual: '123.456.785.016' },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.inscricao_estadual).toBe('123456785016');
    expect((await requisitos()).every((l: { atendido: boolean }) => l.atendido)).toBe(true);
    // The simulator checks the issuer's IE as SEFAZ does (209): authorized, and the XML carries the new one.
    const nota = await criarNotaAutorizada(apta.conta, apta.cnpj, notaValida());
    const xml = await baixar(`/nfe/v1/notas/${nota.uuid}/xml`, { credencial: apta.conta.producao, cnpj: apta.cnpj });
    expect(xml.status).toBe(200);
    expect(xml.corpo.toString('utf8')).toMatch(/<emit>.*<IE>123456785016<\/IE>.*<\/emit>/s);
  });

  it('apuração do PIS/COFINS (regime normal): dá as alíquotas da nota; fora do regime 3 é recusada', async () => {
    const { conta: c, cnpj: real } = await contaComEmpresaApta({ apuracao_pis_cofins: 'nao_cumulativa' });
    const empresas = (await requisitar('GET', '/conta/v1/empresas', { credencial: c.producao })).corpo;
    expect(empresas[0].apuracao_pis_cofins).toBe('nao_cumulativa');
    const simples = await requisitar('POST', '/conta/v1/empresas', {
      credencial: c.producao,
      corpo: { ...dadosEmpresa(cnpjAleatorio()), regime_tributario: 1, apuracao_pis_cofins: 'nao_cumulativa' },
    });
    expect(simples.status).toBe(422);
    expect(simples.corpo).toEqual({
      error: 'invalid_params',
      params: { apuracao_pis_cofins: ['só se aplica ao regime normal (regime_tributario 3): no Simples e no MEI o PIS/COFINS vai no DAS'] },
    });
    const semEscolha = await requisitar('POST', '/conta/v1/empresas', { credencial: c.producao, corpo: dadosEmpresa(cnpjAleatorio()) });
    expect(semEscolha.corpo.apuracao_pis_cofins).toBe('cumulativa');

    // 2 x 49.90 with ICMS 18% (17.96): PIS/COFINS base 81.84 (vProd less ICMS, STF Tema 69).
    // Lucro real: 1.65% and 7.6% (Leis 10.637/2002 and 10.833/2003) = 1.35 and 6.22.
    const nota = await criarNotaAutorizada(c, real, notaValida());
    expect(nota.totais).toMatchObject({ valor_icms: '17.96', valor_pis: '1.35', valor_cofins: '6.22' });
    const xml = (await baixar(`/nfe/v1/notas/${nota.uuid}/xml`, { credencial: c.producao, cnpj: real })).corpo.toString('utf8');
    expect(xml).toContain('<pPIS>1.65</pPIS>');
    expect(xml).toContain('<pCOFINS>7.60</pCOFINS>');

    // Lucro presumido: 0.65% and 3% = 0.53 and 2.46; the change shows on the next note.
    const mudou = await requisitar('PATCH', `/conta/v1/empresas/${real}`, {
      credencial: c.producao,
      corpo: { apuracao_pis_cofins: 'cumulativa' },
    });
    expect(mudou.corpo.apuracao_pis_cofins).toBe('cumulativa');
    const depois = await requisitar('POST', '/nfe/v1/notas', { credencial: c.producao, cnpj: real, corpo: notaValida() });
    expect(depois.corpo.totais).toMatchObject({ valor_pis: '0.53', valor_cofins: '2.46' });
  });
});
