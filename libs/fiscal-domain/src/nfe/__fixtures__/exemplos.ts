/** Fixed sample data for tests and the benchmark. The CNPJs/CPF are well-known valid examples. */
import type { ItemNotaEntrada } from '../../itens';
import type { EmpresaEmitente, NotaEntrada } from '../tipos';

export const CNPJ_EMPRESA = '11222333000181';
export const CNPJ_CLIENTE = '00000000000191';
export const CPF_CLIENTE = '52998224725';

export function empresaExemplo(extra: Partial<EmpresaEmitente> = {}): EmpresaEmitente {
  return {
    cnpj: CNPJ_EMPRESA,
    razao_social: 'Empresa de Teste Ltda',
    nome_fantasia: 'Loja Teste',
    inscricao_estadual: '123456785016',
    regime_tributario: 3,
    endereco: {
      logradouro: 'Avenida Paulista',
      numero: '1000',
      complemento: 'Sala 1',
      bairro: 'Bela Vista',
      municipio: 'São Paulo',
      codigo_municipio: '3550308',
      uf: 'SP',
      cep: '01310-100',
    },
    telefone: '(11) 3333-4444',
    ...extra,
  };
}

export function itemExemplo(n: number, extra: Partial<ItemNotaEntrada> = {}): ItemNotaEntrada {
  return {
    quantidade: String((n % 7) + 1),
    codigo: `P${n}`,
    descricao: `Produto de teste ${n}`,
    ncm: '61091000',
    cfop: '5102',
    unidade_comercial: 'UN',
    valor_unitario: `${10 + (n % 50)}.${String(n % 100).padStart(2, '0')}`,
    origem: 0,
    cst_icms: '00',
    aliquota_icms: '0.18',
    cst_pis: '01',
    cst_cofins: '01',
    ...extra,
  };
}

export function notaExemplo(quantidadeItens = 1, extra: Partial<NotaEntrada> = {}): NotaEntrada {
  return {
    codigo_externo: 'pedido-1',
    natureza_operacao: 'Venda de mercadoria',
    destinatario: {
      razao_social: 'Cliente Exemplo S/A',
      cpf_cnpj: CNPJ_CLIENTE,
      indicador_ie: 1,
      inscricao_estadual: '111222330446',
      email: 'compras@cliente.com.br',
      endereco: {
        cep: '04538-133',
        logradouro: 'Rua Funchal',
        numero: '200',
        bairro: 'Vila Olímpia',
        municipio: 'São Paulo',
        uf: 'SP',
      },
    },
    itens: Array.from({ length: quantidadeItens }, (_, i) => itemExemplo(i + 1)),
    ...extra,
  };
}
