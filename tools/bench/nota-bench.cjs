// The note every NF-e benchmark sends: a sale inside SP to a consumer (CPF, no IE), ten items of
// R$ 10.00 with ICMS 18 %. One definition, so the floor, the product and the validation bench
// measure the same body. CommonJS, so the .mjs benches import it and the .cjs ones require it.
'use strict';

function notaBench(codigoExterno, itens = 10) {
  return {
    codigo_externo: codigoExterno,
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Cliente',
      cpf_cnpj: '12345678909',
      indicador_ie: 9,
      endereco: { cep: '01310100', logradouro: 'Rua A', numero: '1', bairro: 'Centro', municipio: 'São Paulo', uf: 'SP' },
    },
    itens: Array.from({ length: itens }, (_, i) => ({
      quantidade: '1',
      codigo: `P${i}`,
      descricao: `Produto ${i}`,
      ncm: '61091000',
      cfop: '5102',
      unidade_comercial: 'UN',
      valor_unitario: '10.00',
      cst_icms: '00',
      aliquota_icms: '0.18',
    })),
  };
}

module.exports = { notaBench };
