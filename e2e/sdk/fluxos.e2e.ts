/**
 * The main flows of an integrator, through @emissor/sdk only, against the started system. Every
 * JSON answer on the way is checked against the committed description (e2e/support/openapi.ts),
 * so the SDK, the description and the behaviour are tested together.
 */
import { randomUUID } from 'node:crypto';
import {
  type ClienteEmissor,
  criarClienteAdmin,
  criarClienteEmissor,
  ErroApiEmissor,
  ErroUsoSdk,
  type Esquemas,
  verificarEvento,
} from '@emissor/sdk';
import { cnpjAleatorio, dadosEmpresa, URL_BASE } from '../support/api';
import { DESCRICAO, errosContraDescricao, fetchVerificado } from '../support/openapi';
import { Receptor } from '../webhooks/support/receptor';
import { aguardar } from '../support/tempo';

const registro = { vistas: new Set<string>(), erros: [] as string[] };

const ate = <T>(ler: () => Promise<T>, condicao: (v: T) => boolean, limiteMs = 30_000): Promise<T> =>
  aguardar(ler, condicao, { descricao: 'condição do fluxo', limiteMs, intervaloMs: 200 });

describe('@emissor/sdk contra o sistema iniciado', () => {
  let cliente: ClienteEmissor;
  let receptor: Receptor;
  let webhookId: string;
  const cnpj = cnpjAleatorio();

  beforeAll(async () => {
    receptor = await Receptor.iniciar();
  });
  afterAll(async () => {
    await receptor?.parar();
  });

  it('conta e empresa, certificado de teste, configuração NF-e', async () => {
    const admin = criarClienteAdmin({ baseUrl: URL_BASE(), adminToken: process.env.E2E_ADMIN_TOKEN!, fetch: fetchVerificado(registro) });
    const conta = await admin.criarConta({ nome: 'Integrador SDK' });
    expect(conta.credenciais.producao.api_key).toMatch(/^prd_/);
    cliente = criarClienteEmissor({
      baseUrl: URL_BASE(),
      apiKey: conta.credenciais.producao.api_key,
      apiSecret: conta.credenciais.producao.api_secret,
      cnpjEmpresa: cnpj,
      fetch: fetchVerificado(registro),
    });

    const empresa = await cliente.empresas.criar(dadosEmpresa(cnpj) as never);
    expect(empresa.cnpj).toBe(cnpj);
    expect(empresa.certificado).toBeNull();
    const certificado = await cliente.empresaNfe.emitirCertificadoTeste();
    expect(certificado.cnpj).toBe(cnpj);
    expect((await cliente.empresas.listar()).map((e) => e.cnpj)).toEqual([cnpj]);
    expect((await cliente.empresas.atualizar(cnpj, { telefone: '(11) 3333-4444' })).telefone).toBe('(11) 3333-4444');
    const config = await cliente.empresaNfe.obter();
    expect(config.requisitos_nfe.every((r) => r.atendido)).toBe(true);
    expect((await cliente.empresaNfe.atualizar({ nfe_serie_padrao: 1 })).nfe_serie_padrao).toBe(1);
  });

  it('erros tipados: 422 com params, 404, e entrada ruim do próprio SDK', async () => {
    const e422 = await cliente.nfe.criar({ codigo_externo: 'X' } as never).catch((e) => e);
    expect(e422).toBeInstanceOf(ErroApiEmissor);
    expect(e422.status).toBe(422);
    expect(e422.corpo.error).toBe('invalid_params');
    expect(e422.params.natureza_operacao).toEqual(expect.arrayContaining(['é obrigatório']));
    const e404 = await cliente.nfe.obter(randomUUID()).catch((e) => e);
    expect([e404.status, e404.corpo]).toEqual([404, { error: 'Nota de produto não encontrada' }]);
    await expect(cliente.nfe.obter('nao-e-uuid')).rejects.toThrow(ErroUsoSdk);
    await expect(cliente.nfe.xmlCartaCorrecao(randomUUID(), 0)).rejects.toThrow(ErroUsoSdk);
    expect(() => criarClienteEmissor({ baseUrl: 'localhost', apiKey: 'a', apiSecret: 'b' })).toThrow(ErroUsoSdk);
    await expect(cliente.nfe.aguardarVeredito(randomUUID(), { tempoLimiteMs: -1 })).rejects.toThrow(ErroUsoSdk);
  });

  it('mercadoria, webhook e NF-e até autorizada, com XML, DANFE, entrega assinada e cancelamento', async () => {
    const mercadoria = await cliente.mercadorias.criar({
      codigo: 'SDK-1',
      nome: 'Parafuso sextavado M8',
      ncm: '73181500',
      unidade_comercial: 'UN',
      valor: '10.00',
      cfop_interno: '5102',
      cfop_interestadual: '6102',
      origem: 0,
      cst_icms: '00',
      aliquota_icms: '0.18',
      cst_pis: '01',
      cst_cofins: '01',
    });
    expect(mercadoria.codigo).toBe('SDK-1');
    expect((await cliente.mercadorias.atualizar('SDK-1', { valor: '12.50' })).valor).toBe('12.50');
    expect((await cliente.mercadorias.obter('SDK-1')).valor).toBe('12.50');

    const webhook = await cliente.webhooks.criar({ url: receptor.url() });
    webhookId = webhook.id;
    receptor.chave = webhook.chave_seguranca;
    expect((await cliente.webhooks.listar()).map((w) => w.id)).toEqual([webhook.id]);

    const chave = `sdk-${randomUUID()}`;
    const corpo: Esquemas['CriarNotaDto'] = {
      codigo_externo: `SDK-${Date.now()}`,
      natureza_operacao: 'Venda de mercadoria',
      destinatario: {
        razao_social: 'Comércio de Ferragens Ltda',
        cpf_cnpj: '12345678909',
        indicador_ie: 9,
        endereco: { cep: '01310100', logradouro: 'Rua A', numero: '10', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP' },
      },
      itens: [{ codigo_produto: 'SDK-1', quantidade: '2' }],
    };
    const criada = await cliente.nfe.criar(corpo, { idempotencyKey: chave });
    expect(criada.situacao).toBe('pendente');
    // The same key and body: the original answer again, no second note.
    expect((await cliente.nfe.criar(corpo, { idempotencyKey: chave })).uuid).toBe(criada.uuid);

    const nota = await cliente.nfe.aguardarVeredito(criada.uuid, { tempoLimiteMs: 30_000 });
    expect(nota.situacao).toBe('autorizada');
    expect(nota.status_sefaz?.codigo).toBe('100');
    expect(await cliente.nfe.xml(nota.uuid)).toContain('<nfeProc');
    expect((await cliente.nfe.danfe(nota.uuid)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await cliente.nfe.listar({ codigo_externo: corpo.codigo_externo })).map((n) => n.uuid)).toEqual([nota.uuid]);

    await receptor.esperar(
      () => receptor.recebidas.some((e) => e.evento === 'nfe_autorizada' && e.corpo?.uuid === nota.uuid),
      20_000,
      'nfe_autorizada',
    );
    const entrega = receptor.recebidas.find((e) => e.evento === 'nfe_autorizada' && e.corpo?.uuid === nota.uuid)!;
    const { tipo, evento } = verificarEvento(webhook.chave_seguranca, entrega.cabecalhos, entrega.corpoBruto);
    expect(tipo).toBe('nfe_autorizada');
    expect('uuid' in evento && evento.uuid).toBe(nota.uuid);
    expect(() => verificarEvento(webhook.chave_seguranca, entrega.cabecalhos, `${entrega.corpoBruto} `)).toThrow(ErroUsoSdk);
    const entregas = await ate(
      () => cliente.webhooks.entregas(webhook.id, { event_id: entrega.eventId }),
      (l) => l[0]?.situacao === 'entregue',
    );
    expect(entregas[0].tentativas[0].status_http).toBe(200);
    const reenvio = await cliente.webhooks.reenviar(webhook.id, entregas[0].id);
    expect(reenvio.event_id).toBe(entrega.eventId);

    const carta = await cliente.nfe.cartaCorrecao(nota.uuid, 'Onde se lê quantidade 2, leia-se quantidade 3 no item 1');
    expect(carta.sequencia).toBe(1);
    await ate(
      () => cliente.nfe.cartasCorrecao(nota.uuid),
      (l) => l[0]?.situacao === 'autorizada',
    );
    expect(await cliente.nfe.xmlCartaCorrecao(nota.uuid, 1)).toContain('<procEventoNFe');
    const status = await cliente.nfe.statusSefaz();
    expect([status.uf, status.disponivel]).toEqual(['SP', true]);

    const pedido = await cliente.nfe.cancelar(nota.uuid, 'Cancelamento de teste pelo SDK do emissor');
    expect(pedido.uuid).toBe(nota.uuid);
    const cancelada = await ate(
      () => cliente.nfe.obter(nota.uuid),
      (n) => n.situacao === 'cancelada',
    );
    expect(cancelada.protocolo_cancelamento).toBeTruthy();
    await cliente.mercadorias.remover('SDK-1');
  }, 120_000);

  it('inutilização de uma faixa', async () => {
    const r = await cliente.nfe.inutilizarFaixa({
      serie: 1,
      numero_inicial: 500,
      numero_final: 501,
      justificativa: 'Faixa pulada no teste do SDK',
    });
    expect([r.serie, r.numero_inicial, r.numero_final]).toEqual([1, 500, 501]);
    expect(r.protocolo).toBeTruthy();
    const proc = await cliente.nfe.xmlInutilizacao({ serie: 1, numero_inicial: 500, numero_final: 501 });
    expect(proc).toContain('<ProcInutNFe');
    expect(proc).toContain(`<nProt>${r.protocolo}</nProt>`);
    await expect(cliente.nfe.xmlInutilizacao({ serie: 1, numero_inicial: 0, numero_final: 501 })).rejects.toThrow(ErroUsoSdk);
  }, 60_000);

  it('NFS-e até emitida, com o XML', async () => {
    const admin = criarClienteAdmin({ baseUrl: URL_BASE(), adminToken: process.env.E2E_ADMIN_TOKEN!, fetch: fetchVerificado(registro) });
    await admin.cadastrarServicoMunicipal('3550308', {
      codigo_cnae: '6201501',
      codigo_item_lista: '01.07',
      descricao: 'Suporte técnico em informática',
      aliquota_iss: '0.05',
    });
    const criada = await cliente.nfse.criar({
      codigo_externo: `SDK-NFSE-${Date.now()}`,
      valor_servicos: '1000.00',
      servico: { codigo_cnae: '6201501', codigo_item_lista: '01.07' },
      tomador: {
        razao_social: 'Cliente Serviços Ltda',
        cpf_cnpj: '12.345.678/0001-95',
        email: 'financeiro@cliente.com.br',
        endereco: { cep: '01310-100', logradouro: 'Rua Augusta', numero: '500', bairro: 'Consolação', municipio: 'São Paulo', uf: 'SP' },
      },
    });
    expect(criada.nfse.situacao).toBe('pendente');
    const emitida = await ate(
      () => cliente.nfse.obter(criada.id),
      (n) => n.nfse.situacao === 'emitida',
      45_000,
    );
    expect(emitida.nfse.numero).toBeTruthy();
    expect(await cliente.nfse.xml(criada.id)).toContain('<');
    expect(await cliente.nfse.erros(criada.id)).toEqual({ rps_situacao: 'processado_com_sucesso', erros: [], cancelamento_erros: [] });
    expect((await cliente.nfse.listar({ codigo_externo: criada.codigo_externo })).map((n) => n.id)).toEqual([criada.id]);
    const cancelamento = await cliente.nfse.cancelar(criada.id, 'Serviço cancelado pelo tomador antes da execução');
    expect(cancelamento.nota_fiscal_id).toBe(criada.id);
    await ate(
      () => cliente.nfse.obter(criada.id),
      (n) => n.nfse.situacao === 'cancelada',
      45_000,
    );
  }, 90_000);

  it('remove o webhook; toda resposta JSON vista seguiu a descrição, e /docs-json é a descrição comitada', async () => {
    await cliente.webhooks.remover(webhookId);
    expect(registro.erros).toEqual([]);
    expect([...registro.vistas]).toEqual(
      expect.arrayContaining([
        'POST /admin/v1/contas 201',
        'POST /conta/v1/empresas 201',
        'PATCH /conta/v1/empresas/{cnpj} 200',
        'POST /nfe/v1/empresa/certificado/teste 200',
        'PATCH /nfe/v1/empresa 200',
        'POST /nfe/v1/mercadorias 201',
        'PUT /nfe/v1/mercadorias/{codigo} 200',
        'DELETE /nfe/v1/mercadorias/{codigo} 204',
        'POST /nfe/v1/notas 201',
        'POST /nfe/v1/notas 422',
        'GET /nfe/v1/notas/{uuid} 200',
        'GET /nfe/v1/notas/{uuid} 404',
        'GET /nfe/v1/notas 200',
        'DELETE /nfe/v1/notas/{uuid}/cancel 202',
        'POST /nfe/v1/inutilizacoes 200',
        'POST /nfse/v1/notas 201',
        'GET /nfse/v1/notas/{id} 200',
        'POST /nfe/v1/notas/{uuid}/carta-correcao 202',
        'GET /nfe/v1/notas/{uuid}/cartas-correcao 200',
        'GET /nfe/v1/sefaz/status 200',
        'POST /conta/v1/webhooks 201',
        'POST /conta/v1/webhooks/{id}/entregas/{entrega_id}/reenviar 202',
        'DELETE /nfse/v1/notas/{id}/cancel 202',
        'GET /conta/v1/webhooks/{id}/entregas 200',
        'DELETE /conta/v1/webhooks/{id} 204',
      ]),
    );
    // The check is not vacuous: an answer off the description is caught.
    expect(errosContraDescricao('GET', `/nfe/v1/notas/${randomUUID()}`, 200, { uuid: 1, extra: true })).not.toEqual([]);
    expect(errosContraDescricao('GET', '/nfe/v1/notas', 418, [])).toEqual(['GET /nfe/v1/notas: status 418 não descrito']);
    const servida = (await (await fetch(`${URL_BASE()}/docs-json`)).json()) as Record<string, unknown>;
    expect({ ...servida, servers: undefined }).toEqual({ ...DESCRICAO, servers: undefined });
    const ui = await fetch(`${URL_BASE()}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
  });
});
