/**
 * One realistic example per request body, by the DTO's schema name (attached by documento.ts).
 * The description's lint checks each one against its schema (no-invalid-media-type-examples), and
 * the SDK's end-to-end tests send the same values to the live system.
 */
const endereco = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  numero: '1000',
  bairro: 'Bela Vista',
  municipio: 'São Paulo',
  uf: 'SP',
};

export const EXEMPLOS_CORPOS = {
  CriarContaDto: { nome: 'Loja Exemplo' },
  CriarEmpresaDto: {
    cnpj: '12345678000195',
    razao_social: 'Empresa Exemplo Ltda',
    inscricao_estadual: '111222330446',
    regime_tributario: 3,
    endereco,
    codigo_municipio: '3550308',
    email: 'fiscal@exemplo.com.br',
  },
  EnviarCertificadoDto: { pfx: 'MIIKcQIBAzCCCjcGCSqGSIb3DQEHAaCCCigEggokMIIKIDCCBNcGCSqGSIb3DQEHBqCC', senha: 'senha-do-pfx' },
  AtualizarEmpresaNfeDto: { nfe_serie_padrao: 1, nfe_ambiente: 'homologacao' },
  CriarMercadoriaDto: {
    codigo: 'PAR-M8',
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
  },
  AtualizarMercadoriaDto: { valor: '11.50' },
  CriarNotaDto: {
    codigo_externo: 'PEDIDO-1001',
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Comércio de Ferragens Ltda',
      cpf_cnpj: '11222333000181',
      indicador_ie: 9,
      endereco: {
        cep: '04538-133',
        logradouro: 'Avenida Brigadeiro Faria Lima',
        numero: '3477',
        bairro: 'Itaim Bibi',
        municipio: 'São Paulo',
        uf: 'SP',
      },
    },
    itens: [{ codigo_produto: 'PAR-M8', quantidade: '10' }],
    pagamentos: [{ forma_pagamento: '01', valor: '100.00' }],
  },
  InutilizarNotaDto: { justificativa: 'Numeração não utilizada por rejeição da nota' },
  CriarInutilizacaoDto: { serie: 1, numero_inicial: 10, numero_final: 12, justificativa: 'Quebra de sequência no sistema de vendas' },
  CriarCartaCorrecaoDto: { correcao: 'Onde se lê quantidade 10, leia-se quantidade 12 no item 1' },
  CriarNotaNfseDto: {
    codigo_externo: 'OS-2001',
    valor_servicos: '1000.00',
    servico: { codigo_item_lista: '01.07', codigo_cnae: '6201501', descricao: 'Suporte técnico em informática' },
    tomador: { razao_social: 'Cliente Serviços Ltda', cpf_cnpj: '11222333000181', email: 'financeiro@cliente.com.br', endereco },
  },
  CriarServicoMunicipalDto: {
    codigo_cnae: '6201501',
    codigo_item_lista: '01.07',
    descricao: 'Suporte técnico em informática',
    aliquota_iss: '0.05',
  },
  CriarWebhookDto: {
    url: 'https://erp.exemplo.com.br/webhooks/nfe',
    eventos: ['nfe_autorizada', 'nfe_rejeitada', 'nfe_cancelamento_autorizado'],
  },
} as const;
