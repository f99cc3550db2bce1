import type { NotaResposta, SituacaoNfe, TotaisResposta } from '@emissor/contracts';
import { SITUACOES_NFE } from '@emissor/contracts';
import { PADRAO_CHAVE_ACESSO } from '@emissor/fiscal-domain';
import { dataHoraSefaz, decimal, inteiro, lista, objeto, Sempre, Talvez, texto, uuid, booleano } from '../../openapi/campos';
import { DESCRICAO_ALIQUOTA_ICMS } from './formatos-item';

/** Response bodies of the NF-e note routes (spec "NF-e note: response body"). */
export class TotaisNotaResposta implements TotaisResposta {
  @Sempre(decimal()) valor_produtos: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_frete: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_seguro: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_desconto: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_outras_despesas: string;
  @Sempre(decimal()) valor_bc_icms: string;
  @Sempre(decimal({ exemplo: '18.00' })) valor_icms: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_bc_icms_st: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_icms_st: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_ipi: string;
  @Sempre(decimal({ exemplo: '0.53' })) valor_pis: string;
  @Sempre(decimal({ exemplo: '2.46' })) valor_cofins: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_ii: string;
  @Sempre(decimal()) valor_total: string;
}

export class ItemNotaResposta {
  @Sempre(inteiro({ exemplo: 1 })) numero_item: number;
  @Sempre(texto({ exemplo: 'Parafuso sextavado M8' })) descricao: string;
  @Sempre(texto({ exemplo: '73181500' })) ncm: string;
  @Sempre(texto({ exemplo: '5102' })) cfop: string;
  @Sempre(texto({ exemplo: 'UN' })) unidade_comercial: string;
  @Sempre(decimal({ exemplo: '10' })) quantidade: string;
  @Sempre(decimal({ exemplo: '10.00' })) valor_unitario: string;
  @Sempre(decimal()) valor_total: string;
  @Sempre(decimal({ exemplo: '0.00' })) valor_desconto: string;
  @Talvez(texto({ exemplo: 'PAR-M8' })) codigo?: string;
  @Talvez(texto()) cest?: string;
  @Talvez(inteiro({ minimum: 0, maximum: 8 })) origem?: number;
  @Talvez(texto({ exemplo: '00' })) cst_icms?: string;
  @Talvez(texto()) csosn?: string;
  @Talvez(decimal({ exemplo: '0.18', descricao: DESCRICAO_ALIQUOTA_ICMS })) aliquota_icms?: string;
  @Talvez(texto({ exemplo: '01' })) cst_pis?: string;
  @Talvez(texto({ exemplo: '01' })) cst_cofins?: string;
  @Talvez(texto()) cst_ipi?: string;
  @Talvez(decimal({ descricao: 'Fração' })) aliquota_ipi?: string;
}

export class EnderecoNotaResposta {
  @Sempre(texto({ exemplo: '01310100', descricao: '8 dígitos, como a SEFAZ o escreve' })) cep: string;
  @Sempre(texto({ exemplo: 'Avenida Paulista' })) logradouro: string;
  @Sempre(texto({ exemplo: '1000' })) numero: string;
  @Sempre(texto({ exemplo: 'Bela Vista' })) bairro: string;
  @Sempre(texto({ exemplo: 'São Paulo' })) municipio: string;
  @Sempre(texto({ exemplo: 'SP' })) uf: string;
  @Talvez(texto()) complemento?: string;
}

export class DestinatarioNotaResposta {
  @Sempre(texto({ exemplo: 'Comércio de Ferragens Ltda' })) razao_social: string;
  @Sempre(texto({ exemplo: '11222333000181' })) cpf_cnpj: string;
  @Sempre(objeto(() => EnderecoNotaResposta)) endereco: EnderecoNotaResposta;
  @Talvez(texto()) email?: string;
  @Talvez(texto()) telefone?: string;
  @Talvez(inteiro({ enum: [1, 2, 9] })) indicador_ie?: number;
  @Talvez(texto()) inscricao_estadual?: string;
}

export class CartaoNotaResposta {
  @Talvez(inteiro({ enum: [1, 2] })) tipo_integracao?: number;
  @Talvez(texto()) cnpj_credenciadora?: string;
  @Talvez(texto()) bandeira?: string;
  @Talvez(texto()) codigo_autorizacao?: string;
  @Talvez(texto()) cnpj_recebedor?: string;
  @Talvez(texto()) id_terminal?: string;
}

export class PagamentoNotaResposta {
  @Talvez(texto({ exemplo: '01' })) forma_pagamento?: string;
  @Talvez(decimal()) valor?: string;
  @Talvez(inteiro({ enum: [0, 1] })) indicador_pagamento?: number;
  @Talvez(texto()) data?: string;
  @Talvez(texto()) descricao?: string;
  @Talvez(texto()) cnpj_transacional?: string;
  @Talvez(texto()) uf_transacional?: string;
  @Talvez(objeto(() => CartaoNotaResposta)) cartao?: CartaoNotaResposta;
}

export class LinksNotaResposta {
  @Sempre(texto({ format: 'uri', exemplo: 'http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/xml' })) xml: string;
  @Sempre(texto({ format: 'uri', exemplo: 'http://localhost:3000/nfe/v1/notas/0b6f1e3c-4f55-4b7a-9a5e-2f1c8d7e6a10/danfe' })) danfe: string;
}

export class IntermediadorNotaResposta {
  @Sempre(texto({ exemplo: '22333444000150' })) cnpj: string;
  @Sempre(texto({ exemplo: 'loja-ferragens-123' })) identificador_cadastro: string;
}

export class StatusSefazNotaResposta {
  @Sempre(texto({ exemplo: '100', descricao: 'cStat da SEFAZ (`transmissao` quando a SEFAZ não pôde receber a nota)' })) codigo: string;
  @Sempre(texto({ exemplo: 'Autorizado o uso da NF-e' })) motivo: string;
}

/** decisions §9: a note issued in SVC contingency says which, why and since when (GET only). */
export class ContingenciaNotaResposta {
  @Sempre(texto({ enum: ['svc_an', 'svc_rs'], exemplo: 'svc_an' })) tipo: 'svc_an' | 'svc_rs';
  @Sempre(texto({ exemplo: 'SEFAZ SP indisponível' })) motivo: string;
  @Sempre(dataHoraSefaz()) inicio: string;
}

export class NotaNfeResposta implements NotaResposta {
  @Sempre(uuid()) uuid: string;
  @Sempre(texto({ exemplo: 'PEDIDO-1001' })) codigo_externo: string;
  @Sempre(inteiro({ exemplo: 1 })) numero: number;
  @Sempre(inteiro({ exemplo: 1 })) serie: number;
  @Sempre(texto({ exemplo: '55' })) modelo: string;
  @Sempre(texto({ exemplo: 'Venda de mercadoria' })) natureza_operacao: string;
  @Sempre(texto({ enum: SITUACOES_NFE as SituacaoNfe[], exemplo: 'pendente' })) situacao: SituacaoNfe;
  @Sempre(dataHoraSefaz()) data_emissao: string;
  @Talvez(dataHoraSefaz()) data_saida?: string;
  @Talvez(dataHoraSefaz()) data_autorizacao?: string;
  @Talvez(dataHoraSefaz()) data_cancelamento?: string;
  @Sempre(inteiro({ enum: [1, 2, 3, 4], exemplo: 1 })) finalidade: number;
  @Sempre(texto({ enum: ['entrada', 'saida'], exemplo: 'saida' })) tipo_operacao: 'entrada' | 'saida';
  @Sempre(inteiro({ exemplo: 1 })) indicador_presenca: number;
  @Sempre(booleano({ exemplo: false })) indicador_consumidor_final: boolean;
  @Talvez(texto()) informacoes_complementares?: string;
  @Sempre(texto({ pattern: PADRAO_CHAVE_ACESSO, exemplo: '35261112345678000195550010000000011123456780' })) chave_acesso: string;
  @Talvez(texto({ exemplo: '135260000000001' })) protocolo_autorizacao?: string;
  @Talvez(texto()) protocolo_cancelamento?: string;
  @Talvez(texto()) motivo_cancelamento?: string;
  @Sempre(objeto(() => TotaisNotaResposta)) totais: TotaisNotaResposta;
  @Sempre(lista(() => ItemNotaResposta)) itens: ItemNotaResposta[];
  @Talvez(lista(() => PagamentoNotaResposta)) pagamentos?: PagamentoNotaResposta[];
  @Talvez(decimal()) troco?: string;
  @Sempre(objeto(() => DestinatarioNotaResposta)) destinatario: DestinatarioNotaResposta;
  @Sempre(objeto(() => LinksNotaResposta)) links: LinksNotaResposta;
  @Talvez(objeto(() => IntermediadorNotaResposta)) intermediador?: IntermediadorNotaResposta;
  @Talvez(uuid({ descricao: 'A nota que reemitiu esta (rejeitada)' })) reemitida_uuid?: string;
  @Talvez(uuid({ descricao: 'A nota rejeitada que esta reemite' })) reemitida_de_uuid?: string;
  @Talvez(objeto(() => StatusSefazNotaResposta, { descricao: 'Só na consulta, depois da resposta da SEFAZ' }))
  status_sefaz?: StatusSefazNotaResposta;
  @Talvez(objeto(() => ContingenciaNotaResposta, { descricao: 'Só na consulta, de uma nota emitida em contingência SVC' }))
  contingencia?: ContingenciaNotaResposta;
}

export class CancelamentoSolicitadoResposta {
  @Sempre(texto({ exemplo: 'Cancelamento solicitado' })) message: string;
  @Sempre(uuid()) uuid: string;
}

export class InutilizacaoFaixaResposta {
  @Sempre(texto({ exemplo: 'Inutilização homologada' })) message: string;
  @Sempre(inteiro({ exemplo: 1 })) serie: number;
  @Sempre(inteiro({ exemplo: 10 })) numero_inicial: number;
  @Sempre(inteiro({ exemplo: 12 })) numero_final: number;
  @Sempre(texto({ exemplo: '135260000000002' })) protocolo: string;
}
