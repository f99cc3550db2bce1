import {
  type CartaoRequisicao,
  type CriarNota,
  type DocumentoReferenciadoRequisicao,
  type DestinatarioRequisicao,
  type EnderecoRequisicao,
  type IntermediadorRequisicao,
  type ItemRequisicao,
  type PagamentoRequisicao,
  SITUACOES_NFE,
} from '@emissor/contracts';
import {
  BANDEIRAS,
  FORMA_OUTROS,
  FORMATO_CHAVE_ACESSO,
  FORMAS_PAGAMENTO,
  FRACAO_MAXIMA_MVA,
  INDICADORES_PRESENCA,
  INDICADORES_PRESENCA_COM_INTERMEDIADOR,
  LEIAUTE_QUANTIDADE,
  LEIAUTE_VALOR,
  LEIAUTE_VALOR_UNITARIO,
  lerDataHoraSefaz,
  MAXIMO_ITENS,
  MENSAGEM_FORMATO_CHAVE_ACESSO,
} from '@emissor/fiscal-domain';
import {
  Booleano,
  Decimal,
  Fracao,
  Inteiro,
  INTEIRO_POSITIVO,
  Justificativa,
  Lista,
  MinimoSefaz,
  Objeto,
  PaginacaoQuery,
  Regra,
  Texto,
  UUID,
} from '../../http/validacao/decoradores';
import {
  CepValido,
  ChaveAcessoValida,
  CnpjValido,
  CodigoMunicipioIbge,
  CpfOuCnpjValido,
  EmailValido,
  InscricaoEstadualValida,
  TelefoneValido,
  UfValida,
} from '../../http/validacao/regras-fiscais';
import { CEST, CFOP, codigoTributario, DESCRICAO_ALIQUOTA_ICMS, NCM } from './formatos-item';

/**
 * `POST /nfe/v1/notas` (and reemitir). Here: the request's shape — types, required fields, lengths,
 * enums, decimal pattern, unknown properties (422 invalid_params). The fiscal rules that need the
 * company, the catalog or the totals (payments, Ceará, pre-fill...) are nfe-service's.
 */
const DATA = /^\d{4}-\d{2}-\d{2}$/;
const MENSAGEM_DATA = 'deve ser uma data válida no formato AAAA-MM-DD';
// The year as written (the layout checks the text, in the issuer's time).
const dataSaidaAceita = (v: string) => lerDataHoraSefaz(v) !== null && /^20\d\d-/.test(v);
const DATA_OU_DATA_HORA = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2}))?$/;

/** An address as the spec gives it (non-empty texts, a Brazilian CEP and UF): the NFS-e tomador's, and the base of an NF-e recipient's. */
export class EnderecoDto implements EnderecoRequisicao {
  @Texto({ max: 60 }) @CepValido() cep: string;
  @Texto({ max: 60 }) logradouro: string;
  @Texto({ max: 60 }) numero: string;
  @Texto({ max: 60 }) bairro: string;
  @Texto({ max: 60 }) municipio: string;
  @Texto({ max: 2, exemplo: 'SP' }) @UfValida() uf: string;
  @Texto({ obrigatorio: false, max: 60 }) complemento?: string | null;
}

/** An NF-e recipient's address: the NF-e layout's minimum lengths too (xLgr, xBairro, xMun 2; nro, xCpl 1). */
export class EnderecoNotaDto extends EnderecoDto {
  @MinimoSefaz(2) declare logradouro: string;
  @MinimoSefaz(1) declare numero: string;
  @MinimoSefaz(2) declare bairro: string;
  @MinimoSefaz(2) declare municipio: string;
  @MinimoSefaz(1) declare complemento?: string | null;
}

export class DestinatarioDto implements DestinatarioRequisicao {
  @Texto({ minSefaz: 2, max: 60 }) razao_social: string;
  @Texto({ max: 18, descricao: 'CPF ou CNPJ (com ou sem pontuação)' }) @CpfOuCnpjValido() cpf_cnpj: string;
  @Inteiro({ valores: [1, 2, 9], descricao: '1 contribuinte ICMS, 2 contribuinte isento, 9 não contribuinte' }) indicador_ie: number;
  @Objeto(() => EnderecoNotaDto) endereco: EnderecoNotaDto;
  @Texto({
    obrigatorio: false,
    obrigatorioQuando: {
      condicao: (d: DestinatarioDto) => d.indicador_ie === 1,
      mensagem: 'é obrigatória quando indicador_ie é 1 (contribuinte do ICMS)',
    },
    max: 20,
    descricao: '2 a 14 dígitos (com ou sem pontuação); obrigatória com indicador_ie 1',
  })
  @InscricaoEstadualValida()
  inscricao_estadual?: string | null;
  @Texto({ obrigatorio: false, max: 60 }) @EmailValido() email?: string | null;
  @Texto({ obrigatorio: false, max: 20, descricao: '6 a 14 dígitos com DDD (com ou sem pontuação)' }) @TelefoneValido() telefone?:
    string | null;
  @CodigoMunicipioIbge({
    obrigatorio: false,
    daUfDoEndereco: true,
    descricao:
      'Código IBGE do município do endereço (cMun). Sem ele, o da empresa quando o endereço é no município dela; senão obrigatório',
  })
  codigo_municipio?: string | null;
}

export class ItemDto implements ItemRequisicao {
  @Decimal({ descricao: 'Sempre obrigatória, também com codigo_produto', leiaute: LEIAUTE_QUANTIDADE }) quantidade: string;
  @Texto({ obrigatorio: false, max: 60, descricao: 'Código de uma mercadoria cadastrada: preenche os campos fiscais' }) codigo_produto?:
    string | null;
  @Texto({ obrigatorio: false, minSefaz: 1, max: 60 }) codigo?: string | null;
  @Texto({ obrigatorio: false, minSefaz: 1, max: 120 }) descricao?: string | null;
  @Texto({ obrigatorio: false, ...NCM }) ncm?: string | null;
  @Texto({ obrigatorio: false, ...CEST }) cest?: string | null;
  @Texto({ obrigatorio: false, ...CFOP }) cfop?: string | null;
  @Texto({ obrigatorio: false, minSefaz: 1, max: 6 }) unidade_comercial?: string | null;
  @Decimal({ obrigatorio: false, leiaute: LEIAUTE_VALOR_UNITARIO }) valor_unitario?: string | null;
  @Decimal({ obrigatorio: false, leiaute: LEIAUTE_VALOR }) valor_desconto?: string | null;
  @Inteiro({ obrigatorio: false, min: 0, max: 8 }) origem?: number | null;
  @Texto({ obrigatorio: false, ...codigoTributario('cst_icms') }) cst_icms?: string | null;
  @Texto({
    obrigatorio: false,
    ...codigoTributario('csosn'),
    descricao:
      'Simples Nacional e MEI (padrão 102). Numa saída para não contribuinte do ICMS (indicador_ie 9) só 102, 103, 300, 400 ou 500: as outras passam crédito ou cobram ST de quem não pode (422; a SEFAZ rejeita com 600), salvo CFOP de conserto (5915, 5916, 6915, 6916) e demonstração (5912, 5913)',
  })
  csosn?: string | null;
  @Fracao({ obrigatorio: false, descricao: DESCRICAO_ALIQUOTA_ICMS }) aliquota_icms?: string | null;
  @Texto({ obrigatorio: false, ...codigoTributario('cst_pis') }) cst_pis?: string | null;
  @Texto({ obrigatorio: false, ...codigoTributario('cst_cofins') }) cst_cofins?: string | null;
  @Texto({ obrigatorio: false, ...codigoTributario('cst_ipi') }) cst_ipi?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'Fração: 0.05 significa 5%' }) aliquota_ipi?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'CST 20 e 70: redução da base do ICMS (pRedBC), fração' }) reducao_base_calculo_icms?:
    string | null;
  @Fracao({
    obrigatorio: false,
    maximo: FRACAO_MAXIMA_MVA,
    descricao:
      'ICMS-ST (CST 10, 30, 70; CSOSN 201, 202, 203): margem de valor agregado (pMVAST), fração (até 9.99), aplicada como enviada: ' +
      'numa venda interestadual, a MVA ajustada que o acordo da mercadoria pede',
  })
  mva_icms_st?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'Alíquota do ICMS-ST (pICMSST), fração' }) aliquota_icms_st?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'Redução da base do ICMS-ST (pRedBCST), fração' }) reducao_base_calculo_icms_st?: string | null;
  @Texto({
    obrigatorio: false,
    ...codigoTributario('cst_ibs_cbs'),
    descricao:
      'CST do IBS/CBS (NT 2025.002): 000, 200 (alíquota reduzida: a redução vem do cClassTrib, no grupo gRed) ou 410 (400 não tem cClassTrib para NF-e)',
  })
  cst_ibs_cbs?: string | null;
  @Texto({
    obrigatorio: false,
    padrao: /^\d{6}$/,
    mensagemPadrao: 'deve ter 6 dígitos',
    descricao: 'cClassTrib do IBS/CBS, da tabela oficial para NF-e; começa pelo CST',
  })
  classificacao_tributaria_ibs_cbs?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'DIFAL: alíquota interna da UF de destino para o item, fração (padrão: tabela da UF)' })
  aliquota_icms_uf_destino?: string | null;
  @Fracao({ obrigatorio: false, descricao: 'DIFAL: FCP da UF de destino para o item, fração (padrão: tabela da UF)' })
  aliquota_fcp_uf_destino?: string | null;
}

export class DocumentoReferenciadoDto implements DocumentoReferenciadoRequisicao {
  @Texto({
    padrao: FORMATO_CHAVE_ACESSO,
    mensagemPadrao: MENSAGEM_FORMATO_CHAVE_ACESSO,
    exemplo: '35261011222333000181550010000000031123456780',
  })
  @ChaveAcessoValida()
  chave_acesso: string;
}

export class CartaoDto implements CartaoRequisicao {
  // Required: the layout's card group always carries tpIntegra; missing, it is a required field (invalid_params).
  @Inteiro({ valores: [1, 2], descricao: '1 integrado (TEF, e-commerce, POS integrado); 2 não integrado (POS)' })
  tipo_integracao: number;
  @Texto({ obrigatorio: false, max: 18 }) @CnpjValido() cnpj_credenciadora?: string | null;
  @Texto({ obrigatorio: false, valores: Object.keys(BANDEIRAS) }) bandeira?: string | null;
  @Texto({ obrigatorio: false, max: 128 }) codigo_autorizacao?: string | null;
  @Texto({ obrigatorio: false, max: 18 }) @CnpjValido() cnpj_recebedor?: string | null;
  @Texto({ obrigatorio: false, max: 40 }) id_terminal?: string | null;
}

export class PagamentoDto implements PagamentoRequisicao {
  // Required: every payment names its form and value (form 90 with a zero value, payment rule 3); missing
  // either is a body validation failure (decisions §2: invalid_params), not a payment rule.
  @Texto({ valores: Object.keys(FORMAS_PAGAMENTO) }) forma_pagamento: string;
  @Decimal({ leiaute: LEIAUTE_VALOR }) valor: string;
  @Inteiro({ obrigatorio: false, valores: [0, 1], descricao: '0 à vista, 1 a prazo' }) indicador_pagamento?: number | null;
  @Texto({ obrigatorio: false, padrao: DATA, mensagemPadrao: MENSAGEM_DATA })
  @Regra('dataValida', (v) => typeof v !== 'string' || !DATA.test(v) || lerDataHoraSefaz(v) !== null, MENSAGEM_DATA)
  data?: string | null;
  @Texto({
    obrigatorio: false,
    obrigatorioQuando: {
      condicao: (p: PagamentoDto) => p.forma_pagamento === FORMA_OUTROS,
      mensagem: 'é obrigatória quando forma_pagamento é 99 (outros)',
    },
    min: 2,
    max: 60,
    descricao: 'Obrigatória com forma_pagamento 99',
  })
  descricao?: string | null;
  @Texto({ obrigatorio: false, max: 18 }) @CnpjValido() cnpj_transacional?: string | null;
  @Texto({ obrigatorio: false, max: 2 }) @UfValida() uf_transacional?: string | null;
  @Objeto(() => CartaoDto, { obrigatorio: false }) cartao?: CartaoDto | null;
}

export class IntermediadorDto implements IntermediadorRequisicao {
  @Texto({ max: 18 }) @CnpjValido() cnpj: string;
  @Texto({ min: 2, max: 60, descricao: 'Usuário ou perfil do vendedor na plataforma' }) identificador_cadastro: string;
}

export class CriarNotaDto implements CriarNota {
  @Texto({ max: 100 }) codigo_externo: string;
  @Texto({ minSefaz: 1, max: 60 }) natureza_operacao: string;
  @Inteiro({ obrigatorio: false, min: 0, max: 889, descricao: 'Série (0 a 889; 890+ são séries reservadas: avulsa e contingência)' })
  serie?: number | null;
  @Inteiro({ obrigatorio: false, valores: [0, 1], descricao: '0 entrada, 1 saída (padrão)' }) tipo_operacao?: number | null;
  @Inteiro({ obrigatorio: false, valores: [1, 2, 3, 4], descricao: '1 normal, 2 complementar, 3 ajuste, 4 devolução' }) finalidade?:
    number | null;
  @Booleano({ obrigatorio: false }) indicador_consumidor_final?: boolean | null;
  @Inteiro({
    obrigatorio: false,
    obrigatorioQuando: {
      condicao: (n: CriarNotaDto) => n.intermediador != null,
      mensagem: 'é obrigatório quando intermediador é informado',
    },
    valores: INDICADORES_PRESENCA,
    descricao: '1, 2, 3, 4 ou 9 quando intermediador é informado',
  })
  @Regra(
    'presencaComIntermediador',
    (v, nota: CriarNotaDto) => nota.intermediador == null || (INDICADORES_PRESENCA_COM_INTERMEDIADOR as readonly unknown[]).includes(v),
    `deve ser um dos valores: ${INDICADORES_PRESENCA_COM_INTERMEDIADOR.join(', ')} quando intermediador é informado`,
  )
  indicador_presenca?: number | null;
  @Texto({
    obrigatorio: false,
    minSefaz: 1,
    max: 5000,
    descricao:
      'Vai em infCpl. Numa empresa do Simples Nacional ou MEI vem depois das declarações que a Res. CGSN 140/2018 (art. 59) exige em todo documento ("DOCUMENTO EMITIDO POR ME OU EPP OPTANTE PELO SIMPLES NACIONAL"; "NÃO GERA DIREITO A CRÉDITO FISCAL DE IPI"; acima do sublimite, CRT 2, também o impedimento de recolher ICMS/ISS pelo Simples), e cabe no que elas deixam dos 5000 caracteres de infCpl',
  })
  informacoes_complementares?: string | null;
  @Texto({
    obrigatorio: false,
    padrao: DATA_OU_DATA_HORA,
    mensagemPadrao: 'deve ser AAAA-MM-DD ou AAAA-MM-DDThh:mm:ss-03:00',
    descricao:
      'Data (ou data e hora com fuso) de saída ou entrada: até 30 dias antes ou depois da emissão (SEFAZ 504/505); numa nota de saída, não antes do dia da emissão, e no próprio dia a saída é a hora da emissão (SEFAZ 506)',
  })
  // A real date, in the years the NF-e layout's date type holds (2000 to 2099).
  @Regra('dataSaida', (v) => typeof v !== 'string' || dataSaidaAceita(v), 'deve ser uma data válida entre 2000 e 2099')
  data_saida?: string | null;
  @Objeto(() => DestinatarioDto) destinatario: DestinatarioDto;
  @Lista(() => ItemDto, {
    min: 1,
    max: MAXIMO_ITENS,
    nomeElementos: 'itens',
    descricao:
      'Até 990 itens (o leiaute da NF-e), e a NF-e assinada precisa caber nos 500 KB de uma mensagem à SEFAZ: na prática, de 500 a 600 itens simples, menos com descrições e grupos longos (acima disso, 422 antes de numerar)',
  })
  itens: ItemDto[];
  @Lista(() => PagamentoDto, { obrigatorio: false }) pagamentos?: PagamentoDto[] | null;
  @Decimal({ obrigatorio: false, leiaute: LEIAUTE_VALOR }) troco?: string | null;
  @Objeto(() => IntermediadorDto, { obrigatorio: false }) intermediador?: IntermediadorDto | null;
  @Lista(() => DocumentoReferenciadoDto, {
    obrigatorio: false,
    min: 1,
    max: 99,
    nomeElementos: 'documentos',
    descricao: 'NF-e referenciadas (NFref); obrigatório para finalidade 2, 3 e 4',
  })
  documentos_referenciados?: DocumentoReferenciadoDto[] | null;
}

export class UuidNotaParam {
  @Texto({ padrao: UUID, mensagemPadrao: 'deve ser um UUID' }) uuid: string;
}

export class JustificativaQuery {
  @Justificativa() justificativa: string;
}

export class InutilizarNotaDto {
  @Justificativa() justificativa: string;
}

export class ListarNotasQuery extends PaginacaoQuery {
  @Texto({ obrigatorio: false, valores: SITUACOES_NFE }) situacao?: string;
  @Texto({ obrigatorio: false, max: 100 }) codigo_externo?: string;
}

/** A range in the path, as POST /nfe/v1/inutilizacoes took it. */
export class FaixaInutilizacaoParam {
  @Texto({ padrao: /^(0|[1-9]\d{0,2})$/, mensagemPadrao: 'deve ser um inteiro de 0 a 999' }) serie: string;
  @Texto({ padrao: INTEIRO_POSITIVO, mensagemPadrao: 'deve ser um inteiro de 1 a 999999999' }) numero_inicial: string;
  @Texto({ padrao: INTEIRO_POSITIVO, mensagemPadrao: 'deve ser um inteiro de 1 a 999999999' }) numero_final: string;
}

export class CriarInutilizacaoDto {
  @Inteiro({ min: 0, max: 999 }) serie: number;
  @Inteiro({ min: 1, max: 999_999_999 }) numero_inicial: number;
  @Inteiro({ min: 1, max: 999_999_999 }) numero_final: number;
  @Justificativa() justificativa: string;
}
