import 'reflect-metadata';
import { type AssuntoRpcComDados, Assuntos, classeMensagemRpc, MensagensRpc } from '@emissor/contracts';
import { validarMensagem } from './validar-mensagem';

const NOTA = '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60';
const EMPRESA = '7b2f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f61';
// As e2e/support/api.ts's notaValida builds it (what the gateway forwards from POST /nfe/v1/notas).
const nota = {
  codigo_externo: 'PED-1',
  natureza_operacao: 'Venda de mercadoria',
  destinatario: {
    razao_social: 'Cliente de Teste',
    cpf_cnpj: '12345678909',
    indicador_ie: 9,
    endereco: { cep: '01310100', logradouro: 'Rua A', numero: '10', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP' },
  },
  itens: [
    {
      quantidade: '2',
      codigo: 'P1',
      descricao: 'Camiseta',
      ncm: '61091000',
      cfop: '5102',
      unidade_comercial: 'UN',
      valor_unitario: '49.90',
      cst_icms: '00',
      aliquota_icms: '0.18',
    },
  ],
};
const notaNfse = {
  codigo_externo: 'OS-2001',
  valor_servicos: '1000.00',
  servico: { codigo_cnae: '6201501', codigo_item_lista: '01.07', descricao: 'Desenvolvimento de software' },
  tomador: { razao_social: 'Tomadora SA', cpf_cnpj: '99888777000166', email: 'fin@tomadora.com.br' },
};
const mercadoria = {
  codigo: 'CAM-01',
  nome: 'Camiseta',
  ncm: '61091000',
  unidade_comercial: 'UN',
  valor: '49.90',
  cfop_interestadual: '6102',
  cest: null,
  padrao: true,
};

type Caso = [AssuntoRpcComDados, Record<string, unknown>, (d: any) => void, string, string];
const casos: Caso[] = [
  [Assuntos.cadastro.certificadoObter, { empresa_id: EMPRESA }, (d) => delete d.empresa_id, 'empresa_id', 'é obrigatório'],
  [
    Assuntos.cadastro.certificadoRecusado,
    { empresa_id: EMPRESA, versao: '3', motivo: 'certificado revogado' },
    (d) => (d.versao = 3),
    'versao',
    'deve ser um texto',
  ],
  [Assuntos.nfe.notas.criar, nota, (d) => (d.itens = []), 'itens', 'não pode ser vazia'],
  [Assuntos.nfe.notas.obter, { uuid: NOTA }, (d) => delete d.uuid, 'uuid', 'é obrigatório'],
  [Assuntos.nfe.notas.listar, { page: 1, per_page: 20, situacao: 'autorizada' }, (d) => (d.page = '1'), 'page', 'deve ser um número'],
  [
    Assuntos.nfe.notas.cancelar,
    { uuid: NOTA, justificativa: 'Cancelamento por erro de digitação' },
    (d) => delete d.justificativa,
    'justificativa',
    'é obrigatório',
  ],
  [Assuntos.nfe.notas.xml, { uuid: NOTA }, (d) => (d.uuid = 7), 'uuid', 'deve ser um texto'],
  [Assuntos.nfe.notas.reemitir, { uuid: NOTA, nota }, (d) => (d.nota.itens = [1]), 'nota.itens', 'cada elemento deve ser um objeto'],
  [
    Assuntos.nfe.notas.inutilizar,
    { uuid: NOTA, justificativa: 'Nota rejeitada, número inutilizado' },
    (d) => (d.justificativa = null),
    'justificativa',
    'é obrigatório',
  ],
  [Assuntos.nfe.notas.danfe, { uuid: NOTA }, (d) => delete d.uuid, 'uuid', 'é obrigatório'],
  [
    Assuntos.nfe.inutilizacoes.criar,
    { serie: 1, numero_inicial: 10, numero_final: 12, justificativa: 'Falha no sistema de numeração' },
    (d) => (d.numero_final = '12'),
    'numero_final',
    'deve ser um número',
  ],
  [
    Assuntos.nfe.cartasCorrecao.criar,
    { uuid: NOTA, correcao: 'Corrige o endereço do destinatário' },
    (d) => delete d.correcao,
    'correcao',
    'é obrigatório',
  ],
  [Assuntos.nfe.cartasCorrecao.listar, { uuid: NOTA }, (d) => delete d.uuid, 'uuid', 'é obrigatório'],
  [
    Assuntos.nfe.inutilizacoes.xml,
    { serie: 1, numero_inicial: 10, numero_final: 12 },
    (d) => (d.serie = '1'),
    'serie',
    'deve ser um número',
  ],
  [Assuntos.nfe.cartasCorrecao.xml, { uuid: NOTA, sequencia: 1 }, (d) => delete d.sequencia, 'sequencia', 'é obrigatório'],
  [Assuntos.nfe.sefazStatus, { uf: 'SP' }, (d) => (d.uf = 35), 'uf', 'deve ser um texto'],
  [
    Assuntos.nfe.empresa.atualizar,
    { nfe_serie_padrao: 2, nfe_ambiente: 'producao', confirmar_producao: true },
    (d) => (d.confirmar_producao = 'sim'),
    'confirmar_producao',
    'deve ser verdadeiro ou falso',
  ],
  [Assuntos.nfe.mercadorias.criar, mercadoria, (d) => delete d.ncm, 'ncm', 'é obrigatório'],
  [Assuntos.nfe.mercadorias.obter, { codigo: 'CAM-01' }, (d) => delete d.codigo, 'codigo', 'é obrigatório'],
  [Assuntos.nfe.mercadorias.atualizar, { codigo: 'CAM-01', valor: '59.90' }, (d) => (d.codigo = ['CAM-01']), 'codigo', 'deve ser um texto'],
  [Assuntos.nfe.mercadorias.remover, { codigo: 'CAM-01' }, (d) => delete d.codigo, 'codigo', 'é obrigatório'],
  [
    Assuntos.sefaz.inutilizar,
    { empresa_id: EMPRESA, cnpj: '11222333000181', uf: 'SP', ambiente: 2, sandbox: false, xml_inutilizacao: '<inutNFe/>' },
    (d) => (d.sandbox = 'false'),
    'sandbox',
    'deve ser verdadeiro ou falso',
  ],
  [Assuntos.sefaz.autorizador, { uf: 'SP', ambiente: 2, sandbox: false }, (d) => delete d.ambiente, 'ambiente', 'é obrigatório'],
  [
    Assuntos.nfse.catalogo.criarServico,
    {
      codigo_municipio: '3550308',
      codigo_cnae: '6201501',
      codigo_item_lista: '01.07',
      descricao: 'Desenvolvimento de software',
      aliquota_iss: '0.05',
    },
    (d) => delete d.aliquota_iss,
    'aliquota_iss',
    'é obrigatório',
  ],
  [Assuntos.nfse.notas.criar, notaNfse, (d) => delete d.servico.codigo_item_lista, 'servico.codigo_item_lista', 'é obrigatório'],
  [Assuntos.nfse.notas.obter, { id: '42' }, (d) => (d.id = 42), 'id', 'deve ser um texto'],
  [Assuntos.nfse.notas.listar, { page: 1, per_page: 20, data_inicio: '2026-02-01' }, (d) => delete d.per_page, 'per_page', 'é obrigatório'],
  [
    Assuntos.nfse.notas.cancelar,
    { id: '42', motivo_cancelamento: 'Serviço não prestado' },
    (d) => delete d.motivo_cancelamento,
    'motivo_cancelamento',
    'é obrigatório',
  ],
  [Assuntos.nfse.notas.xml, { id: '42' }, (d) => delete d.id, 'id', 'é obrigatório'],
  [Assuntos.nfse.notas.erros, { id: '42' }, (d) => delete d.id, 'id', 'é obrigatório'],
  [
    Assuntos.webhooks.endpoints.criar,
    { url: 'https://erp.exemplo.com.br/webhooks/nfe', eventos: ['nfe_autorizada'] },
    (d) => (d.eventos = 'nfe_autorizada'),
    'eventos',
    'deve ser uma lista',
  ],
  [Assuntos.webhooks.endpoints.remover, { id: NOTA }, (d) => delete d.id, 'id', 'é obrigatório'],
  [
    Assuntos.webhooks.entregas.listar,
    { webhook_id: NOTA, page: 1, per_page: 20, situacao: 'entregue' },
    (d) => delete d.webhook_id,
    'webhook_id',
    'é obrigatório',
  ],
  [
    Assuntos.webhooks.entregas.reenviar,
    { webhook_id: NOTA, entrega_id: EMPRESA },
    (d) => delete d.entrega_id,
    'entrega_id',
    'é obrigatório',
  ],
];

describe('dados dos pedidos request-reply conferidos pela classe do contrato', () => {
  it.each(casos)('%s: aceita o do remetente, recusa o quebrado nomeando o campo', (assunto, valido, quebrar, campo, mensagem) => {
    const classe = classeMensagemRpc(assunto)!;
    expect(classe).toBeDefined();
    expect(validarMensagem(classe, valido)).toBeNull();
    const quebrado = structuredClone(valido);
    quebrar(quebrado);
    expect(validarMensagem(classe, quebrado)).toEqual({ [campo]: [mensagem] });
  });

  it('cada assunto de MapaRpc com dados tem a sua classe, exercitada acima; SemDados não tem', () => {
    const exercitados = new Set(casos.map(([assunto]) => assunto));
    for (const assunto of Object.keys(MensagensRpc)) expect(exercitados).toContain(assunto);
    expect(classeMensagemRpc(Assuntos.nfe.empresa.obter)).toBeUndefined();
    expect(classeMensagemRpc(Assuntos.webhooks.endpoints.listar)).toBeUndefined();
    expect(classeMensagemRpc(Assuntos.nfe.comandos.autorizar)).toBeUndefined();
    expect(classeMensagemRpc('toString')).toBeUndefined();
  });

  it('tolerante: campo desconhecido, opcionais ausentes ou nulos, itens e nota só no nível de cima', () => {
    const criar = classeMensagemRpc(Assuntos.nfe.notas.criar)!;
    expect(validarMensagem(criar, { ...nota, campo_futuro: { a: 1 }, pagamentos: null, serie: null })).toBeNull();
    expect(validarMensagem(criar, { ...nota, itens: [{ codigo: 'CAM-01', quantidade: '1' }], destinatario: {} })).toBeNull();
    expect(validarMensagem(classeMensagemRpc(Assuntos.nfe.sefazStatus)!, {})).toBeNull();
    expect(validarMensagem(classeMensagemRpc(Assuntos.nfe.empresa.atualizar)!, {})).toBeNull();
    expect(validarMensagem(classeMensagemRpc(Assuntos.webhooks.endpoints.criar)!, { url: 'http://x' })).toBeNull();
    expect(validarMensagem(classeMensagemRpc(Assuntos.nfe.mercadorias.atualizar)!, { codigo: 'A', nome: null })).toBeNull();
    const { email: _e, ...tomador } = notaNfse.tomador;
    expect(validarMensagem(classeMensagemRpc(Assuntos.nfse.notas.criar)!, { ...notaNfse, tomador, nbs_codigo: null })).toBeNull();
  });

  it('a nota: campos obrigatórios do nível de cima e itens como lista de objetos; nenhum valor nas mensagens', () => {
    const criar = classeMensagemRpc(Assuntos.nfe.notas.criar)!;
    const { destinatario: _d, ...semDestinatario } = nota;
    expect(validarMensagem(criar, { ...semDestinatario, codigo_externo: 7, itens: 'SEGREDO' })).toEqual({
      codigo_externo: ['deve ser um texto'],
      destinatario: ['é obrigatório'],
      itens: ['deve ser uma lista'],
    });
    expect(validarMensagem(criar, { ...nota, destinatario: [] })).toEqual({ destinatario: ['deve ser um objeto'] });
    const problemas = validarMensagem(criar, { ...nota, natureza_operacao: { x: 'SEGREDO' } });
    expect(problemas).toEqual({ natureza_operacao: ['deve ser um texto'] });
    expect(JSON.stringify(problemas)).not.toContain('SEGREDO');
  });
});
