import 'reflect-metadata';
import { Assuntos, classeMensagemJetStream, MensagensJetStream } from '@emissor/contracts';
import { validarMensagem } from './validar-mensagem';

const CHAVE = '35261111222333000181550010000000071135724685';
const NOTA = '6a1f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f60';
const EMPRESA = '7b2f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f61';
const EVENTO = '8c3f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f62';
const destino = {
  comando_id: '9d4f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f63',
  nota_id: NOTA,
  empresa_id: EMPRESA,
  cnpj: '11222333000181',
  uf: 'SP',
  ambiente: 2,
  sandbox: false,
  chave_acesso: CHAVE,
};
const status = { codigo: '100', motivo: 'Autorizado o uso da NF-e' };
const corpoNota = {
  event_id: EVENTO,
  occurred_at: '2026-01-01T00:00:00.000Z',
  sandbox: false,
  uuid: NOTA,
  codigo_externo: 'PED-1',
  chave_acesso: CHAVE,
  numero: 7,
  serie: 1,
  situacao: 'autorizada',
  status_sefaz: status,
  protocolo: '135260000000001',
};
const evento = (tipo: string, corpo: object) => ({ tipo, conta_id: NOTA, empresa_id: EMPRESA, corpo });
// As nfse-service's comandos.spec builds them (ABRASF note of the test company).
const rps = {
  comando_id: '9d4f0b8e-3c1d-4a7e-9d2f-1b2c3d4e5f63',
  nota_id: 42,
  empresa_id: '6f1c2b1e-0000-4000-8000-000000000001',
  provedor: 'abrasf-2.04',
  codigo_municipio: '3550308',
  sandbox: false,
  prestador: { cnpj: '11222333000181', inscricao_municipal: '12345', razao_social: 'Prestadora Ltda', regime_tributario: 3 },
  rps: { numero: 7, serie: '1', tipo: '1', data_emissao: '2026-02-28T23:00:00-03:00', competencia: '2026-02-28' },
  servico: {
    codigo_item_lista: '01.01',
    codigo_cnae: '6201501',
    discriminacao: 'Desenvolvimento de software',
    codigo_municipio: '3550308',
    valor_servicos: '1000.00',
    base_calculo: '1000.00',
    aliquota: '0.05',
    valor_iss: '50.00',
    valor_liquido: '1000.00',
  },
  tomador: {
    cpf_cnpj: '99888777000166',
    razao_social: 'Tomadora SA',
    endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP', cep: '01001000' },
  },
};
const cancelarNfse = {
  comando_id: 'c1',
  nota_id: 42,
  empresa_id: EMPRESA,
  codigo_municipio: '3550308',
  sandbox: false,
  prestador: { cnpj: '11222333000181' },
  nfse_numero: '1234',
  motivo: 'Serviço não prestado ao tomador',
  provedor: 'nacional',
  chave_acesso: '35503082211222333000181000000000000042261234567890',
};

/** subject, a payload its producer sends, a breakage, the field it must name and the message. */
const casos: [string, object, (d: any) => void, string, string][] = [
  [
    Assuntos.nfe.comandos.autorizar,
    { ...destino, xml_nfe: '<NFe/>' },
    (d) => (d.chave_acesso = CHAVE.slice(1)),
    'chave_acesso',
    'deve ter 44 caracteres: dígitos, com letras só nas posições 7 a 18 (CNPJ alfanumérico)',
  ],
  [
    Assuntos.nfe.comandos.autorizar,
    { ...destino, xml_nfe: '<NFe/>' },
    (d) => (d.ambiente = 3),
    'ambiente',
    'deve ser um dos valores: 1, 2',
  ],
  [Assuntos.nfe.comandos.autorizar, { ...destino, xml_nfe: '<NFe/>' }, (d) => (d.uf = 'XX'), 'uf', 'deve ser a sigla de uma UF'],
  [Assuntos.nfe.comandos.autorizar, { ...destino, xml_nfe: '<NFe/>' }, (d) => (d.nota_id = '42'), 'nota_id', 'deve ser um UUID'],
  [Assuntos.nfe.comandos.autorizar, { ...destino, xml_nfe: '<NFe/>' }, (d) => delete d.xml_nfe, 'xml_nfe', 'é obrigatório'],
  [
    Assuntos.nfe.comandos.evento,
    { ...destino, tipo_evento: '110111', sequencia: 1, xml_evento: '<evento/>' },
    (d) => (d.sequencia = '1'),
    'sequencia',
    'deve ser um número inteiro',
  ],
  [
    Assuntos.nfe.resultados.emProcessamento,
    { comando_id: 'c1', nota_id: NOTA },
    (d) => (d.comando_id = ''),
    'comando_id',
    'não pode ser vazio',
  ],
  [
    Assuntos.nfe.resultados.autorizacao,
    { comando_id: 'c1', nota_id: NOTA, chave_acesso: CHAVE, situacao: 'autorizada', status_sefaz: status, protocolo: '135260000000001' },
    (d) => delete d.status_sefaz.codigo,
    'status_sefaz.codigo',
    'é obrigatório',
  ],
  [
    Assuntos.nfe.resultados.autorizacao,
    {
      comando_id: 'c1',
      nota_id: NOTA,
      chave_acesso: CHAVE,
      situacao: 'rejeitada',
      status_sefaz: { codigo: '778', motivo: 'NCM inexistente' },
    },
    (d) => (d.situacao = 'aprovada'),
    'situacao',
    'deve ser um dos valores: autorizada, rejeitada, denegada',
  ],
  [
    Assuntos.nfe.resultados.evento,
    { comando_id: 'c1', nota_id: NOTA, chave_acesso: CHAVE, tipo_evento: '110111', sequencia: 1, aceito: true, status_sefaz: status },
    (d) => (d.status_sefaz = 'ok'),
    'status_sefaz',
    'deve ser um objeto',
  ],
  [
    Assuntos.nfe.resultados.falhaTransmissao,
    { comando_id: 'c1', nota_id: NOTA, empresa_id: EMPRESA, motivo: 'Certificado recusado', talvez_recebida: false },
    (d) => (d.talvez_recebida = 'nao'),
    'talvez_recebida',
    'deve ser verdadeiro ou falso',
  ],
  [
    Assuntos.nfe.resultados.autorizador,
    {
      autorizador: 'SP',
      ambiente: 2,
      sandbox: [true, false],
      ufs: ['SP'],
      disponivel: false,
      motivo: 'fora do ar',
      desde: '2026-01-01T00:00:00.000Z',
    },
    (d) => (d.ufs = ['SP', 'ZZ']),
    'ufs',
    'deve ser a sigla de uma UF',
  ],
  [Assuntos.nfse.comandos.enviarRps, rps, (d) => (d.servico.valor_iss = 50), 'servico.valor_iss', 'deve ser um texto'],
  [
    Assuntos.nfse.comandos.enviarRps,
    rps,
    (d) => (d.tomador.endereco.uf = 'São Paulo'),
    'tomador.endereco.uf',
    'deve ser a sigla de uma UF',
  ],
  [Assuntos.nfse.comandos.enviarRps, rps, (d) => (d.codigo_municipio = '355030'), 'codigo_municipio', 'deve ter 7 dígitos'],
  [
    Assuntos.nfse.comandos.enviarRps,
    rps,
    (d) => (d.servico.tributos_aproximados = { federal: '0.1345', estadual: 0, municipal: '0.05' }),
    'servico.tributos_aproximados.estadual',
    'deve ser um texto',
  ],
  [Assuntos.nfse.comandos.cancelar, cancelarNfse, (d) => (d.nota_id = 0), 'nota_id', 'deve ser no mínimo 1'],
  [
    Assuntos.nfse.resultados.rpsEnviado,
    { nota_id: 42, protocolo: 'P1', numero_lote: '3' },
    (d) => delete d.numero_lote,
    'numero_lote',
    'é obrigatório',
  ],
  [
    Assuntos.nfse.resultados.rpsProcessado,
    { nota_id: 42, situacao: 'processado_com_erro', erros: [{ codigo: 'E10', mensagem: 'RPS já informado' }], protocolo: 'P1' },
    (d) => (d.erros[0].mensagem = null),
    'erros[0].mensagem',
    'é obrigatório',
  ],
  [
    Assuntos.nfse.resultados.rpsProcessado,
    {
      nota_id: 42,
      situacao: 'processado_com_sucesso',
      nfse: { numero: '1234', codigo_verificacao: 'ABC', data_emissao: '2026-03-01T10:00:00-03:00', xml: '<CompNfse/>' },
    },
    (d) => (d.nfse = []),
    'nfse',
    'deve ser um objeto',
  ],
  [
    Assuntos.nfse.resultados.cancelamento,
    { comando_id: 'c1', nota_id: 42, aceito: true, data_cancelamento: '2026-03-02T10:00:00-03:00' },
    (d) => (d.aceito = 1),
    'aceito',
    'deve ser verdadeiro ou falso',
  ],
  [
    Assuntos.nfe.eventos('nfe_autorizada'),
    evento('nfe_autorizada', corpoNota),
    (d) => (d.corpo.event_id = 12),
    'corpo.event_id',
    'deve ser um UUID',
  ],
  [
    Assuntos.nfe.eventos('nfe_autorizada'),
    evento('nfe_autorizada', corpoNota),
    (d) => (d.tipo = 'nfse_emitida'),
    'tipo',
    'deve ser um tipo nfe_*',
  ],
  [Assuntos.nfe.eventos('nfe_autorizada'), evento('nfe_autorizada', corpoNota), (d) => (d.conta_id = 'x'), 'conta_id', 'deve ser um UUID'],
  [Assuntos.nfe.eventos('nfe_autorizada'), evento('nfe_autorizada', corpoNota), (d) => (d.corpo = 'texto'), 'corpo', 'deve ser um objeto'],
  [
    Assuntos.nfe.eventos('nfe_inutilizada'),
    evento('nfe_inutilizada', {
      event_id: EVENTO,
      occurred_at: '2026-01-01T00:00:00.000Z',
      modo: 'faixa',
      sandbox: false,
      serie: 1,
      protocolo: '135260000000002',
      numero_inicial: 10,
      numero_final: 12,
      justificativa: 'Falha no sistema de numeração',
    }),
    (d) => delete d.corpo.numero_final,
    'corpo.numero_final',
    'é obrigatório',
  ],
  [
    Assuntos.nfe.eventos('nfe_inutilizada'),
    evento('nfe_inutilizada', {
      event_id: EVENTO,
      occurred_at: '2026-01-01T00:00:00.000Z',
      modo: 'nota',
      sandbox: false,
      uuid: NOTA,
      chave_acesso: CHAVE,
      numero: 7,
      serie: 1,
      situacao: 'inutilizada',
      protocolo: '135260000000002',
      xml_url: 'https://api.exemplo/nfe/v1/notas/x/xml',
      danfe_url: 'https://api.exemplo/nfe/v1/notas/x/danfe',
    }),
    (d) => delete d.corpo.xml_url,
    'corpo.xml_url',
    'é obrigatório',
  ],
];

describe('mensagens JetStream conferidas pela classe do contrato', () => {
  it.each(casos)('%s: aceita a do produtor, recusa a quebrada nomeando o campo', (assunto, valida, quebrar, campo, mensagem) => {
    const classe = classeMensagemJetStream(assunto)!;
    expect(classe).toBeDefined();
    expect(validarMensagem(classe, valida)).toBeNull();
    const quebrada = structuredClone(valida);
    quebrar(quebrada);
    expect(validarMensagem(classe, quebrada)).toEqual({ [campo]: [mensagem] });
  });

  it('cada assunto JetStream de Assuntos tem a sua classe, exercitada acima', () => {
    const exercitados = new Set(casos.map(([assunto]) => assunto));
    for (const assunto of Object.keys(MensagensJetStream)) expect(exercitados).toContain(assunto);
    expect(classeMensagemJetStream('teste.js.a')).toBeUndefined();
    expect(classeMensagemJetStream(Assuntos.nfe.notas.criar)).toBeUndefined();
  });

  it('tolera o que produtores de outra versão mandam: campo novo, opcional ausente, tipo de evento novo, CNPJ alfanumérico', () => {
    const autorizar = classeMensagemJetStream(Assuntos.nfe.comandos.autorizar)!;
    expect(validarMensagem(autorizar, { ...destino, xml_nfe: '<NFe/>', campo_futuro: 1 })).toBeNull();
    const alfanumerico = {
      ...destino,
      cnpj: '12ABC34501DE35',
      chave_acesso: `352611${'12ABC34501DE35'}550010000000071135724685`.slice(0, 44),
    };
    expect(validarMensagem(autorizar, { ...alfanumerico, xml_nfe: '<NFe/>' })).toBeNull();
    const { provedor: _p, ...semProvedor } = rps;
    expect(validarMensagem(classeMensagemJetStream(Assuntos.nfse.comandos.enviarRps)!, semProvedor)).toBeNull();
    const eventos = classeMensagemJetStream(Assuntos.nfe.eventos('nfe_tipo_futuro'))!;
    expect(
      validarMensagem(
        eventos,
        evento('nfe_tipo_futuro', {
          event_id: EVENTO,
          occurred_at: 'x',
          sandbox: true,
          serie: 1,
          uuid: NOTA,
          codigo_externo: '',
          chave_acesso: '',
          numero: 1,
          situacao: 'autorizada',
        }),
      ),
    ).toBeNull();
    const autorizador = classeMensagemJetStream(Assuntos.nfe.resultados.autorizador)!;
    expect(
      validarMensagem(autorizador, {
        autorizador: 'SVRS',
        ambiente: 1,
        sandbox: [false],
        ufs: ['RS', 'SC'],
        disponivel: true,
        motivo: null,
        desde: '2026-01-01T00:00:00.000Z',
      }),
    ).toBeNull();
  });

  it('o que não é objeto, e nenhum valor recusado nas mensagens (nem XML, nem segredo)', () => {
    const classe = classeMensagemJetStream(Assuntos.nfe.comandos.autorizar)!;
    for (const dados of [null, 'texto', 42, [destino]])
      expect(validarMensagem(classe, dados)).toEqual({ mensagem: ['deve ser um objeto JSON'] });
    const problemas = validarMensagem(classe, { ...destino, xml_nfe: 42, chave_acesso: 'SEGREDO' });
    expect(Object.keys(problemas!).sort()).toEqual(['chave_acesso', 'xml_nfe']);
    expect(JSON.stringify(problemas)).not.toContain('SEGREDO');
  });
});
