/**
 * The spec's NF-e response schema (additional properties rejected at every level it names), used
 * to check every answer the way an independent client would.
 */
import Ajv from 'ajv';

const texto = { type: 'string' };
const decimal = { type: 'string', pattern: '^\\d*\\.?\\d*$' };
const inteiro = { type: 'integer' };

const CAMPOS_TOTAIS = [
  'valor_produtos',
  'valor_frete',
  'valor_seguro',
  'valor_desconto',
  'valor_outras_despesas',
  'valor_bc_icms',
  'valor_icms',
  'valor_bc_icms_st',
  'valor_icms_st',
  'valor_ipi',
  'valor_pis',
  'valor_cofins',
  'valor_ii',
  'valor_total',
];
const totais = {
  type: 'object',
  additionalProperties: false,
  required: CAMPOS_TOTAIS,
  properties: Object.fromEntries(CAMPOS_TOTAIS.map((c) => [c, decimal])),
};

const item = {
  type: 'object',
  additionalProperties: false,
  required: [
    'numero_item',
    'descricao',
    'ncm',
    'cfop',
    'unidade_comercial',
    'quantidade',
    'valor_unitario',
    'valor_total',
    'valor_desconto',
  ],
  properties: {
    numero_item: inteiro,
    descricao: texto,
    ncm: texto,
    cfop: texto,
    unidade_comercial: texto,
    quantidade: decimal,
    valor_unitario: decimal,
    valor_total: decimal,
    valor_desconto: decimal,
    codigo: texto,
    cest: texto,
    origem: inteiro,
    cst_icms: texto,
    csosn: texto,
    aliquota_icms: decimal,
    cst_pis: texto,
    cst_cofins: texto,
    cst_ipi: texto,
    aliquota_ipi: decimal,
  },
};

const endereco = {
  type: 'object',
  additionalProperties: false,
  required: ['cep', 'logradouro', 'numero', 'bairro', 'municipio', 'uf'],
  properties: { cep: texto, logradouro: texto, numero: texto, bairro: texto, municipio: texto, uf: texto, complemento: texto },
};

const destinatario = {
  type: 'object',
  additionalProperties: false,
  required: ['razao_social', 'cpf_cnpj', 'endereco'],
  properties: {
    razao_social: texto,
    cpf_cnpj: texto,
    endereco,
    email: texto,
    telefone: texto,
    indicador_ie: inteiro,
    inscricao_estadual: texto,
  },
};

const cartao = {
  type: 'object',
  additionalProperties: false,
  properties: {
    tipo_integracao: inteiro,
    cnpj_credenciadora: texto,
    bandeira: texto,
    codigo_autorizacao: texto,
    cnpj_recebedor: texto,
    id_terminal: texto,
  },
};

const pagamento = {
  type: 'object',
  additionalProperties: false,
  properties: {
    forma_pagamento: texto,
    valor: decimal,
    indicador_pagamento: inteiro,
    data: texto,
    descricao: texto,
    cnpj_transacional: texto,
    uf_transacional: texto,
    cartao,
  },
};

const DATA_SEFAZ = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[+-]\\d{2}:\\d{2}$';

export function esquemaNota(comStatusSefaz = false) {
  return {
    type: 'object',
    additionalProperties: false,
    required: [
      'uuid',
      'codigo_externo',
      'modelo',
      'natureza_operacao',
      'situacao',
      'chave_acesso',
      'totais',
      'itens',
      'destinatario',
      'links',
    ],
    properties: {
      uuid: texto,
      codigo_externo: texto,
      numero: inteiro,
      serie: inteiro,
      modelo: texto,
      natureza_operacao: texto,
      situacao: texto,
      data_emissao: { type: 'string', pattern: DATA_SEFAZ },
      data_saida: { type: 'string', pattern: DATA_SEFAZ },
      data_autorizacao: { type: 'string', pattern: DATA_SEFAZ },
      data_cancelamento: { type: 'string', pattern: DATA_SEFAZ },
      finalidade: inteiro,
      tipo_operacao: { enum: ['entrada', 'saida'] },
      indicador_presenca: inteiro,
      indicador_consumidor_final: { type: 'boolean' },
      informacoes_complementares: texto,
      // TChNFe (PL_010 v1.30): the CNPJ's 12 first characters may be letters (NT Conjunta 2025.001).
      chave_acesso: { type: 'string', pattern: '^[0-9]{6}[0-9A-Z]{12}[0-9]{26}$' },
      protocolo_autorizacao: texto,
      protocolo_cancelamento: texto,
      motivo_cancelamento: texto,
      totais,
      itens: { type: 'array', items: item },
      pagamentos: { type: 'array', items: pagamento },
      troco: decimal,
      destinatario,
      links: { type: 'object', additionalProperties: false, required: ['xml', 'danfe'], properties: { xml: texto, danfe: texto } },
      intermediador: {
        type: 'object',
        additionalProperties: false,
        required: ['cnpj', 'identificador_cadastro'],
        properties: { cnpj: texto, identificador_cadastro: texto },
      },
      reemitida_uuid: texto,
      reemitida_de_uuid: texto,
      ...(comStatusSefaz
        ? {
            status_sefaz: {
              type: 'object',
              additionalProperties: false,
              required: ['codigo', 'motivo'],
              properties: { codigo: texto, motivo: texto },
            },
          }
        : {}),
    },
  };
}

const ajv = new Ajv({ allErrors: true, strict: false });
const validarCriacao = ajv.compile(esquemaNota(false));
const validarConsulta = ajv.compile(esquemaNota(true));

/** Errors of the answer against the spec's schema (empty when it conforms). */
export function errosEsquemaNota(corpo: unknown, consulta = false): string[] {
  const validar = consulta ? validarConsulta : validarCriacao;
  return validar(corpo) ? [] : (validar.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
