import type { Uf } from '../datas';
import { arredondarValor, casasDecimais, dec, digitosInteiros, ehDecimalTexto } from '../dinheiro';
import { adicionarErro, type ErrosDeCampo } from '../identificadores';
import {
  aliquotaInterestadual,
  CFOPS_FORA_DO_TETO_INTERESTADUAL,
  classificacaoTributariaNfe,
  classificacoesDoCst,
  GRUPOS_NAO_SUPORTADOS,
  ORIGENS_IMPORTADAS,
  rejeicaoDoCfopNaFinalidade,
} from '../tabelas';
import {
  CAMPOS_EXIGIDOS_ICMS,
  CODIGOS_ICMS_COM_REDUCAO,
  CODIGOS_ICMS_EXIGEM_CEST,
  CSOSN_PARA_NAO_CONTRIBUINTE,
  csosnRecusadoParaNaoContribuinte,
  CODIGOS_ICMS_COM_ST,
  contem,
  CSOSN_PADRAO,
  CSOSN_SUPORTADOS,
  CST_IBS_CBS_SUPORTADOS,
  CST_ICMS_SUPORTADOS,
  CST_IPI_EXIGE_ALIQUOTA,
  CODIGOS_TRIBUTARIOS_ACEITOS,
  CST_IPI_EXISTENTES,
  CST_IPI_NAO_TRIBUTADO,
  CST_PIS_COFINS_SUPORTADOS,
  type CampoCodigoTributario,
  usaCsosn,
  type Crt,
} from './codigos-tributarios';
import { PADRAO_CEST, PADRAO_CFOP, PADRAO_NCM } from './formatos-codigos';
import type { DestinoOperacao } from './preenchimento';
import type { ItemPreenchido } from './tipos';
import { normalizarTextoSefaz } from './texto-sefaz';

/** What the NF-e layout holds of an item's quantity (qCom, TDec_1104v) and unit value (vUnCom, TDec_1110v). */
export const LEIAUTE_QUANTIDADE = { inteiros: 11, casas: 4 } as const;
export const LEIAUTE_VALOR_UNITARIO = { inteiros: 11, casas: 10 } as const;
/** Money in the NF-e (TDec_1302: vDesc, vPag, vTroco): 13 integer digits, 2 places. */
export const LEIAUTE_VALOR = { inteiros: 13, casas: 2 } as const;

/** A rate as the API takes it: a fraction (0.18 is 18 %), at most 1. */
export const FRACAO_MAXIMA = '1';
/** The ICMS-ST margin (pMVAST) may pass 100 %. */
export const FRACAO_MAXIMA_MVA = '9.99';
/** The NF-e's rates are percentages of 4 places (TDec_0302a04): 6 places of a fraction. */
export const CASAS_FRACAO = 6;

/**
 * What is wrong with a rate sent as a fraction, said after the field's name, or undefined when it fits:
 * a decimal text, at most `maximo`, at most CASAS_FRACAO places. The gateway refuses the same as a body
 * validation error; the domain checks it again for rates that come from a registered goods item.
 */
export function problemaDaFracao(valor: string, maximo: string = FRACAO_MAXIMA): string | undefined {
  if (!ehDecimalTexto(valor)) return 'deve ser uma fração decimal, por exemplo "0.18" para 18%';
  if (dec(valor).gt(maximo))
    return maximo === FRACAO_MAXIMA
      ? 'é uma fração (0.18 significa 18%) e não pode passar de 1'
      : `é uma fração (0.40 significa 40%) e não pode passar de ${maximo}`;
  if (casasDecimais(valor) > CASAS_FRACAO) return `aceita no máximo ${CASAS_FRACAO} casas decimais (4 casas no percentual)`;
  return undefined;
}

/** The domain's message for a code outside its field's list: "cst_ipi 77 não existe; use ...". */
function recusaDoCodigo(campo: CampoCodigoTributario, codigo: string): string {
  return `${campo} ${codigo} ${CODIGOS_TRIBUTARIOS_ACEITOS[campo].recusa}`;
}

export interface ContextoItem {
  crt: Crt;
  /** Undefined when the recipient's state is not known (then the CFOP/destination check is skipped). */
  destino?: DestinoOperacao;
  /** 0 entrada, 1 saída. */
  tipoOperacao: 0 | 1;
  /**
   * Present when the DIFAL is due (interstate sale to a final consumer who is not an ICMS taxpayer):
   * the states of the route, which fix the origin's ICMS rate.
   */
  difal?: { ufOrigem: Uf; ufDestino: Uf };
  /**
   * Present for a normal interstate saída without DIFAL (finalidade 1, the recipient in another state): the
   * route, whose interstate rate caps the own ICMS rate (SEFAZ rules 663 and 693).
   */
  saidaInterestadual?: { ufOrigem: Uf; ufDestino: Uf };
  /** finNFe (1 normal unless sent): a devolução's CFOPs are its own (SEFAZ 327 / 328). Unchecked when absent. */
  finalidade?: number;
  /** The recipient is not an ICMS taxpayer (indIEDest 9): a devolução from them may use 1.949 / 2.949. */
  destinatarioNaoContribuinte?: boolean;
}

/** Codes whose own ICMS rate is `aliquota_icms` (for 101 and 201 it is the Simples credit rate instead). */
const CODIGOS_ICMS_COM_ALIQUOTA_PROPRIA = ['00', '10', '20', '70', '90', '900'] as const;

/**
 * Checks one item after pre-fill: what the NF-e needs is present and in the form SEFAZ accepts.
 * Keys are `itens[{indice}].{campo}`.
 */
export function validarItem(item: ItemPreenchido, indice: number, contexto: ContextoItem): ErrosDeCampo {
  const erros: ErrosDeCampo = {};
  const p = (campo: string) => `itens[${indice}].${campo}`;
  const erro = (campo: string, mensagem: string) => adicionarErro(erros, p(campo), mensagem);
  const origemDoValor = item.codigo_produto ? ' (nem no item nem na mercadoria cadastrada)' : '';

  const texto = (campo: 'descricao' | 'codigo' | 'unidade_comercial', min: number, max: number, obrigatorio: boolean) => {
    const valor = item[campo];
    if (valor === undefined) {
      if (obrigatorio)
        erro(campo, `${campo} é obrigatório: informe no item ou use codigo_produto de uma mercadoria cadastrada${origemDoValor}`);
      return;
    }
    const limpo = normalizarTextoSefaz(valor);
    if (limpo.length < min || limpo.length > max) erro(campo, `${campo} deve ter de ${min} a ${max} caracteres`);
  };
  texto('descricao', 1, 120, true);
  texto('codigo', 1, 60, false);
  texto('unidade_comercial', 1, 6, true);

  // quantidade: >= 0, up to 11 integer digits and 4 decimals (NF-e qCom).
  if (!ehDecimalTexto(item.quantidade)) erro('quantidade', 'quantidade deve ser um número decimal, por exemplo "1" ou "2.5"');
  else if (casasDecimais(item.quantidade) > LEIAUTE_QUANTIDADE.casas)
    erro('quantidade', `quantidade aceita no máximo ${LEIAUTE_QUANTIDADE.casas} casas decimais`);
  else if (digitosInteiros(item.quantidade) > LEIAUTE_QUANTIDADE.inteiros)
    erro('quantidade', `quantidade aceita no máximo ${LEIAUTE_QUANTIDADE.inteiros} dígitos inteiros`);

  let valorProdutoCalculavel = ehDecimalTexto(item.quantidade);
  if (item.valor_unitario === undefined) {
    erro('valor_unitario', `valor_unitario é obrigatório${origemDoValor}`);
    valorProdutoCalculavel = false;
  } else if (!ehDecimalTexto(item.valor_unitario)) {
    erro('valor_unitario', 'valor_unitario deve ser um número decimal, por exemplo "10.50"');
    valorProdutoCalculavel = false;
  } else if (casasDecimais(item.valor_unitario) > LEIAUTE_VALOR_UNITARIO.casas) {
    erro('valor_unitario', `valor_unitario aceita no máximo ${LEIAUTE_VALOR_UNITARIO.casas} casas decimais`);
  } else if (digitosInteiros(item.valor_unitario) > LEIAUTE_VALOR_UNITARIO.inteiros) {
    erro('valor_unitario', `valor_unitario aceita no máximo ${LEIAUTE_VALOR_UNITARIO.inteiros} dígitos inteiros`);
  }
  if (valorProdutoCalculavel && item.valor_unitario !== undefined) {
    const bruto = dec(item.quantidade).times(dec(item.valor_unitario));
    if (bruto.gte('1e13')) erro('valor_unitario', 'o valor do item (quantidade × valor_unitario) passa do máximo de 13 dígitos inteiros');
  }

  if (item.valor_desconto !== undefined) {
    if (!ehDecimalTexto(item.valor_desconto)) erro('valor_desconto', 'valor_desconto deve ser um número decimal, por exemplo "5.00"');
    else if (casasDecimais(item.valor_desconto) > 2) erro('valor_desconto', 'valor_desconto aceita no máximo 2 casas decimais');
    else if (valorProdutoCalculavel && item.valor_unitario !== undefined) {
      const vProd = arredondarValor(dec(item.quantidade).times(dec(item.valor_unitario)));
      if (dec(item.valor_desconto).gt(vProd))
        erro('valor_desconto', `valor_desconto (${item.valor_desconto}) não pode ser maior que o valor do item (${vProd.toFixed(2)})`);
    }
  }

  if (item.ncm === undefined) erro('ncm', `ncm é obrigatório${origemDoValor}`);
  else if (!PADRAO_NCM.test(item.ncm)) erro('ncm', 'ncm deve ter 8 dígitos');
  if (item.cest !== undefined && !PADRAO_CEST.test(item.cest)) erro('cest', 'cest deve ter 7 dígitos');

  if (item.cfop === undefined) erro('cfop', `cfop é obrigatório${origemDoValor}`);
  else if (!PADRAO_CFOP.test(item.cfop)) erro('cfop', 'cfop deve ter 4 dígitos e começar por 1, 2, 3, 5, 6 ou 7');
  else {
    const primeiro = item.cfop[0];
    const deSaida = primeiro >= '5';
    if (contexto.tipoOperacao === 1 && !deSaida)
      erro('cfop', `cfop ${item.cfop} é de entrada, mas a nota é de saída (use um CFOP iniciado por 5, 6 ou 7)`);
    if (contexto.tipoOperacao === 0 && deSaida)
      erro('cfop', `cfop ${item.cfop} é de saída, mas a nota é de entrada (use um CFOP iniciado por 1, 2 ou 3)`);
    validarCfopDaFinalidade(item.cfop, contexto, erro);
    const estadual = primeiro === '1' || primeiro === '5';
    const interestadual = primeiro === '2' || primeiro === '6';
    if (contexto.destino === 'interna' && !estadual)
      erro(
        'cfop',
        `cfop ${item.cfop} não é de operação dentro do estado, e o destinatário está na UF do emitente (use um CFOP iniciado por ${contexto.tipoOperacao === 1 ? '5' : '1'})`,
      );
    if (contexto.destino === 'interestadual' && !interestadual)
      erro(
        'cfop',
        `cfop ${item.cfop} não é de operação interestadual, e o destinatário está em outra UF (use um CFOP iniciado por ${contexto.tipoOperacao === 1 ? '6' : '2'})`,
      );
  }

  if (item.origem !== undefined && !(Number.isInteger(item.origem) && item.origem >= 0 && item.origem <= 8))
    erro('origem', 'origem deve ser um número de 0 a 8');

  type CampoFracao =
    | 'aliquota_icms'
    | 'aliquota_ipi'
    | 'reducao_base_calculo_icms'
    | 'mva_icms_st'
    | 'aliquota_icms_st'
    | 'reducao_base_calculo_icms_st'
    | 'aliquota_icms_uf_destino'
    | 'aliquota_fcp_uf_destino';
  const aliquota = (campo: CampoFracao, maximo: string = FRACAO_MAXIMA): boolean => {
    const v = item[campo];
    if (v === undefined) return false;
    const problema = problemaDaFracao(v, maximo);
    if (problema) erro(campo, `${campo} ${problema}`);
    return !problema;
  };
  aliquota('aliquota_icms');
  const temAliquotaIpi = aliquota('aliquota_ipi');
  aliquota('reducao_base_calculo_icms');
  aliquota('mva_icms_st', FRACAO_MAXIMA_MVA);
  aliquota('aliquota_icms_st');
  aliquota('reducao_base_calculo_icms_st');
  aliquota('aliquota_icms_uf_destino');
  aliquota('aliquota_fcp_uf_destino');

  // The code of the item's ICMS, once it is one this product supports (then its needs are checked).
  let codigoIcms: { campo: 'cst_icms' | 'csosn'; codigo: string } | undefined;
  if (usaCsosn(contexto.crt)) {
    if (item.csosn === undefined && item.cst_icms !== undefined) {
      erro('csosn', 'csosn é obrigatório para empresa do Simples Nacional ou MEI (cst_icms não se aplica a esse regime)');
    } else if (item.csosn !== undefined && !contem(CSOSN_SUPORTADOS, item.csosn)) {
      erro('csosn', recusaDoCodigo('csosn', item.csosn));
    } else {
      codigoIcms = { campo: 'csosn', codigo: item.csosn ?? CSOSN_PADRAO };
    }
  } else if (item.cst_icms === undefined) {
    erro(
      'cst_icms',
      `cst_icms é obrigatório para empresa do regime normal ou com excesso de sublimite${item.csosn !== undefined ? ' (csosn só se aplica ao Simples Nacional)' : ''}`,
    );
  } else if (!contem(CST_ICMS_SUPORTADOS, item.cst_icms)) {
    erro('cst_icms', recusaDoCodigo('cst_icms', item.cst_icms));
  } else {
    codigoIcms = { campo: 'cst_icms', codigo: item.cst_icms };
  }
  if (codigoIcms) {
    const { campo, codigo } = codigoIcms;
    for (const exigido of CAMPOS_EXIGIDOS_ICMS[codigo] ?? []) {
      if (item[exigido] !== undefined) continue;
      const porque =
        exigido === 'aliquota_icms' && (codigo === '101' || codigo === '201') ? ': é a alíquota do crédito do Simples Nacional' : '';
      erro(exigido, `${exigido} é obrigatória com ${campo} ${codigo}${porque}`);
    }
    if (!contem(CODIGOS_ICMS_COM_ST, codigo)) {
      for (const campoSt of ['mva_icms_st', 'aliquota_icms_st', 'reducao_base_calculo_icms_st'] as const) {
        if (item[campoSt] !== undefined)
          erro(
            campoSt,
            `${campoSt} não se aplica com ${campo} ${codigo} (sem substituição tributária; use ${CODIGOS_ICMS_COM_ST.join(', ')})`,
          );
      }
    }
    // The ST base (value + IPI, raised by the margin) must fit the layout's 13 integer digits too.
    if (
      contem(CODIGOS_ICMS_COM_ST, codigo) &&
      valorProdutoCalculavel &&
      item.valor_unitario !== undefined &&
      ehDecimalTexto(item.mva_icms_st) &&
      dec(item.mva_icms_st).lte(FRACAO_MAXIMA_MVA)
    ) {
      const ipi = ehDecimalTexto(item.aliquota_ipi) ? dec(item.aliquota_ipi) : dec(0);
      const baseSt = dec(item.quantidade).times(dec(item.valor_unitario)).times(dec(1).plus(ipi)).times(dec(item.mva_icms_st).plus(1));
      if (baseSt.gte('1e13'))
        erro('mva_icms_st', 'a base do ICMS-ST (valor do item com IPI, mais a margem) passa do máximo de 13 dígitos inteiros');
    }
    // CST 51 with a rate means a partial deferral (pDif, vICMSOp, vICMSDif, an ICMS due): the API writes the whole
    // deferral only, so the note would declare no ICMS where some is due. On the other codes without a rate (40,
    // 41, 50, 60; CSOSN 102-500) no ICMS is due whatever the rate, and a sent one changes nothing.
    if (codigo === '51' && item.aliquota_icms !== undefined) {
      erro(
        'aliquota_icms',
        'aliquota_icms não se aplica com cst_icms 51: o diferimento parcial (pDif) não é suportado, e o 51 sai com o diferimento total',
      );
    }
    if (contem(CODIGOS_ICMS_EXIGEM_CEST, codigo) && item.cest === undefined)
      erro('cest', `cest é obrigatório com ${campo} ${codigo} (operação com ICMS-ST; a SEFAZ rejeita sem ele com 806)`);
    if (
      campo === 'csosn' &&
      contexto.tipoOperacao === 1 &&
      contexto.destinatarioNaoContribuinte &&
      csosnRecusadoParaNaoContribuinte(codigo, item.cfop ?? '')
    )
      erro(
        'csosn',
        `csosn ${codigo} não se aplica a saída para não contribuinte do ICMS (indicador_ie 9): use ${CSOSN_PARA_NAO_CONTRIBUINTE.slice(0, -1).join(', ')} ou ${CSOSN_PARA_NAO_CONTRIBUINTE.at(-1)} (a SEFAZ rejeita com 600)`,
      );
    if (!contem(CODIGOS_ICMS_COM_REDUCAO, codigo) && item.reducao_base_calculo_icms !== undefined) {
      erro('reducao_base_calculo_icms', `reducao_base_calculo_icms não se aplica com ${campo} ${codigo} (use cst_icms 20 ou 70)`);
    }
    if (contexto.difal) validarIcmsComDifal(item, campo, codigo, contexto.difal, erro);
    else if (contexto.saidaInterestadual) validarTetoInterestadual(item, codigo, contexto.saidaInterestadual, erro);
  }

  // IBS/CBS (NT 2025.002): both fields together; the cClassTrib belongs to the CST (its first 3 digits).
  const cstIbsCbs = item.cst_ibs_cbs;
  const cClassTrib = item.classificacao_tributaria_ibs_cbs;
  if (cstIbsCbs !== undefined) {
    if (!/^\d{3}$/.test(cstIbsCbs)) erro('cst_ibs_cbs', 'cst_ibs_cbs deve ter 3 dígitos');
    else if (!contem(CST_IBS_CBS_SUPORTADOS, cstIbsCbs)) erro('cst_ibs_cbs', recusaDoCodigo('cst_ibs_cbs', cstIbsCbs));
  }
  if (cClassTrib !== undefined && !/^\d{6}$/.test(cClassTrib))
    erro('classificacao_tributaria_ibs_cbs', 'classificacao_tributaria_ibs_cbs deve ter 6 dígitos');
  if (cstIbsCbs !== undefined && /^\d{3}$/.test(cstIbsCbs) && cClassTrib === undefined && !(contexto.crt === 3 && cstIbsCbs === '000')) {
    erro('classificacao_tributaria_ibs_cbs', `classificacao_tributaria_ibs_cbs é obrigatória com cst_ibs_cbs ${cstIbsCbs}`);
  }
  if (cClassTrib !== undefined && cstIbsCbs === undefined) {
    erro('cst_ibs_cbs', 'cst_ibs_cbs é obrigatório quando classificacao_tributaria_ibs_cbs é informada');
  }
  if (cstIbsCbs && cClassTrib && /^\d{3}$/.test(cstIbsCbs) && /^\d{6}$/.test(cClassTrib)) {
    if (cClassTrib.slice(0, 3) !== cstIbsCbs) {
      erro(
        'classificacao_tributaria_ibs_cbs',
        `classificacao_tributaria_ibs_cbs ${cClassTrib} não pertence ao cst_ibs_cbs ${cstIbsCbs} (deve começar por ${cstIbsCbs})`,
      );
    } else if (contem(CST_IBS_CBS_SUPORTADOS, cstIbsCbs)) {
      // SEFAZ: 1023 code that does not exist, 1025 code not allowed in model 55 (NT 2025.002 UB14-10/25).
      const linha = classificacaoTributariaNfe(cClassTrib);
      if (!linha) {
        erro(
          'classificacao_tributaria_ibs_cbs',
          `classificacao_tributaria_ibs_cbs ${cClassTrib} não existe na tabela de cClassTrib para NF-e (modelo 55); com cst_ibs_cbs ${cstIbsCbs} use ${classificacoesDoCst(cstIbsCbs).join(', ')}`,
        );
      } else if (linha.exigeGrupo) {
        erro(
          'classificacao_tributaria_ibs_cbs',
          `classificacao_tributaria_ibs_cbs ${cClassTrib} exige o grupo ${linha.exigeGrupo} (${GRUPOS_NAO_SUPORTADOS[linha.exigeGrupo]}), que a API não recebe`,
        );
      }
    }
  }

  for (const campo of ['cst_pis', 'cst_cofins'] as const) {
    const cst = item[campo];
    if (cst === undefined) continue;
    if (!contem(CST_PIS_COFINS_SUPORTADOS, cst)) erro(campo, recusaDoCodigo(campo, cst));
  }

  if (item.cst_ipi !== undefined) {
    if (!contem(CST_IPI_EXISTENTES, item.cst_ipi)) {
      erro('cst_ipi', recusaDoCodigo('cst_ipi', item.cst_ipi));
    } else if (contem(CST_IPI_EXIGE_ALIQUOTA, item.cst_ipi) && item.aliquota_ipi === undefined) {
      erro('aliquota_ipi', `aliquota_ipi é obrigatória com cst_ipi ${item.cst_ipi}`);
    } else if (
      contem(CST_IPI_NAO_TRIBUTADO, item.cst_ipi) &&
      item.aliquota_ipi !== undefined &&
      temAliquotaIpi &&
      dec(item.aliquota_ipi).gt(0)
    ) {
      erro('aliquota_ipi', `aliquota_ipi não se aplica com cst_ipi ${item.cst_ipi} (IPI não tributado)`);
    }
  } else if (item.aliquota_ipi !== undefined) {
    erro('cst_ipi', 'cst_ipi é obrigatório quando aliquota_ipi é informada');
  }

  return erros;
}

/**
 * A devolução (finalidade 4) uses a devolução CFOP on every item, 1.949 / 2.949 for one received from a
 * non-taxpayer (SEFAZ 327); a devolução CFOP is refused on a note that is neither a devolução nor a complementar
 * (328). Lists: NT 2013/005 v1.22 Anexo XI.01 (tabelas/cfop.ts).
 */
function validarCfopDaFinalidade(cfop: string, contexto: ContextoItem, erro: (campo: string, mensagem: string) => void): void {
  if (contexto.finalidade === undefined) return;
  const rejeicao = rejeicaoDoCfopNaFinalidade(cfop, contexto.finalidade, contexto.destinatarioNaoContribuinte ?? false);
  if (rejeicao === '327')
    erro(
      'cfop',
      `cfop ${cfop} não é de devolução, e a nota tem finalidade 4 (devolução): use um CFOP de devolução, como 1202, 2202, 5202 ou 6202 (a SEFAZ rejeita com 327)`,
    );
  else if (rejeicao === '328')
    erro(
      'cfop',
      `cfop ${cfop} é de devolução: envie a nota com finalidade 4 (devolução) e o documento devolvido em documentos_referenciados (a SEFAZ rejeita com 328)`,
    );
}

/** `0.04 (4%, a alíquota interestadual para mercadoria importada (origem 1))`: how both interstate-rate messages name it. */
function aliquotaInterestadualDescrita(aliquota: string, origem: number): string {
  const importada = ORIGENS_IMPORTADAS.includes(origem) ? ` para mercadoria importada (origem ${origem})` : '';
  return `${aliquota} (${dec(aliquota).times(100).toString()}%, a alíquota interestadual${importada})`;
}

/**
 * The own ICMS rate of a normal interstate saída may not exceed the interstate rate the Senate fixed
 * (CF art. 155, § 2º, IV; Resoluções do Senado 22/1989 and 13/2012): 4 % for imported goods, 7 % or 12 % by
 * route. SEFAZ rejects a higher one (cStat 663 for imported goods, 693 otherwise; NT 2015.003 v1.80), except
 * for the returns, annulments and venda à ordem CFOPs. A lower rate is the issuer's to justify, as SEFAZ lets it.
 */
function validarTetoInterestadual(
  item: ItemPreenchido,
  codigo: string,
  rota: { ufOrigem: Uf; ufDestino: Uf },
  erro: (campo: string, mensagem: string) => void,
): void {
  if (!contem(CODIGOS_ICMS_COM_ALIQUOTA_PROPRIA, codigo) || !ehDecimalTexto(item.aliquota_icms)) return;
  if (item.cfop !== undefined && CFOPS_FORA_DO_TETO_INTERESTADUAL.includes(item.cfop)) return;
  const origem = item.origem ?? 0;
  const teto = aliquotaInterestadual(origem, rota.ufOrigem, rota.ufDestino);
  if (dec(item.aliquota_icms).gt(teto)) {
    erro(
      'aliquota_icms',
      `aliquota_icms não pode passar de ${aliquotaInterestadualDescrita(teto, origem)} em saída de ${rota.ufOrigem} para ${rota.ufDestino}`,
    );
  }
}

/**
 * ICMS of an interstate sale to a final consumer who is not a taxpayer (the DIFAL is due):
 *  - no ICMS-ST: ST covers the ICMS of later operations and, for the rate difference, only a recipient
 *    who is a taxpayer (Convênio ICMS 142/2018, cláusula primeira, caput and § 1º); a final consumer
 *    has no later operation, and the destination's share is the DIFAL of EC 87/2015 (ICMSUFDest).
 *    Both in one note would charge the destination's ICMS twice;
 *  - the origin's ICMS uses the interstate rate (CF art. 155, § 2º, VII, EC 87/2015; Convênio ICMS
 *    236/2021, cláusula segunda); SEFAZ rejects a higher one (cStat 693).
 */
function validarIcmsComDifal(
  item: ItemPreenchido,
  campo: 'cst_icms' | 'csosn',
  codigo: string,
  rota: { ufOrigem: Uf; ufDestino: Uf },
  erro: (campo: string, mensagem: string) => void,
): void {
  const descricaoRota = `venda de ${rota.ufOrigem} para consumidor final não contribuinte em ${rota.ufDestino}`;
  if (contem(CODIGOS_ICMS_COM_ST, codigo)) {
    // To a non-taxpayer a Simples issuer passes no credit either (SEFAZ 600): only the codes without credit or ST.
    const semSt = campo === 'cst_icms' ? 'cst_icms 00, 20, 40, 41 ou 90' : 'csosn 102, 103, 300 ou 400';
    erro(
      campo,
      `${campo} ${codigo} (com substituição tributária) não se aplica a ${descricaoRota}: a parte da UF de destino é o DIFAL (ICMSUFDest), e o ICMS-ST a cobraria de novo; use ${semSt}`,
    );
    return;
  }
  if (!contem(CODIGOS_ICMS_COM_ALIQUOTA_PROPRIA, codigo) || !ehDecimalTexto(item.aliquota_icms)) return;
  const origem = item.origem ?? 0;
  const esperada = aliquotaInterestadual(origem, rota.ufOrigem, rota.ufDestino);
  if (!dec(item.aliquota_icms).eq(esperada)) {
    erro(
      'aliquota_icms',
      `aliquota_icms deve ser ${aliquotaInterestadualDescrita(esperada, origem)} em ${descricaoRota}: a diferença até a alíquota interna de ${rota.ufDestino} vai no DIFAL`,
    );
  }
}
