import { arredondarValor, casasDecimais, dec, digitosInteiros, ehDecimalTexto } from '../dinheiro';
import { adicionarErro, type ErrosDeCampo } from '../identificadores';
import {
  contem,
  CSOSN_SUPORTADOS,
  CST_ICMS_SUPORTADOS,
  CST_IPI_EXIGE_ALIQUOTA,
  CST_IPI_NAO_TRIBUTADO,
  CST_IPI_TRIBUTADO,
  CST_PIS_COFINS_ALIQUOTA,
  CST_PIS_COFINS_NAO_TRIBUTADO,
  CST_PIS_COFINS_OUTRAS,
  usaCsosn,
  type Crt,
} from './codigos-tributarios';
import type { DestinoOperacao } from './preenchimento';
import type { ItemPreenchido } from './tipos';
import { normalizarTextoSefaz } from './texto-sefaz';

export interface ContextoItem {
  crt: Crt;
  /** Undefined when the recipient's state is not known (then the CFOP/destination check is skipped). */
  destino?: DestinoOperacao;
  /** 0 entrada, 1 saída. */
  tipoOperacao: 0 | 1;
}

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
      if (obrigatorio) erro(campo, `${campo} é obrigatório: informe no item ou use codigo_produto de uma mercadoria cadastrada${origemDoValor}`);
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
  else if (casasDecimais(item.quantidade) > 4) erro('quantidade', 'quantidade aceita no máximo 4 casas decimais');
  else if (digitosInteiros(item.quantidade) > 11) erro('quantidade', 'quantidade aceita no máximo 11 dígitos inteiros');

  let valorProdutoCalculavel = ehDecimalTexto(item.quantidade);
  if (item.valor_unitario === undefined) {
    erro('valor_unitario', `valor_unitario é obrigatório${origemDoValor}`);
    valorProdutoCalculavel = false;
  } else if (!ehDecimalTexto(item.valor_unitario)) {
    erro('valor_unitario', 'valor_unitario deve ser um número decimal, por exemplo "10.50"');
    valorProdutoCalculavel = false;
  } else if (casasDecimais(item.valor_unitario) > 10) {
    erro('valor_unitario', 'valor_unitario aceita no máximo 10 casas decimais');
  } else if (digitosInteiros(item.valor_unitario) > 11) {
    erro('valor_unitario', 'valor_unitario aceita no máximo 11 dígitos inteiros');
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
      if (dec(item.valor_desconto).gt(vProd)) erro('valor_desconto', `valor_desconto (${item.valor_desconto}) não pode ser maior que o valor do item (${vProd.toFixed(2)})`);
    }
  }

  if (item.ncm === undefined) erro('ncm', `ncm é obrigatório${origemDoValor}`);
  else if (!/^\d{8}$/.test(item.ncm)) erro('ncm', 'ncm deve ter 8 dígitos');
  if (item.cest !== undefined && !/^\d{7}$/.test(item.cest)) erro('cest', 'cest deve ter 7 dígitos');

  if (item.cfop === undefined) erro('cfop', `cfop é obrigatório${origemDoValor}`);
  else if (!/^[123567]\d{3}$/.test(item.cfop)) erro('cfop', 'cfop deve ter 4 dígitos e começar por 1, 2, 3, 5, 6 ou 7');
  else {
    const primeiro = item.cfop[0];
    const deSaida = primeiro >= '5';
    if (contexto.tipoOperacao === 1 && !deSaida) erro('cfop', `cfop ${item.cfop} é de entrada, mas a nota é de saída (use um CFOP iniciado por 5, 6 ou 7)`);
    if (contexto.tipoOperacao === 0 && deSaida) erro('cfop', `cfop ${item.cfop} é de saída, mas a nota é de entrada (use um CFOP iniciado por 1, 2 ou 3)`);
    const estadual = primeiro === '1' || primeiro === '5';
    const interestadual = primeiro === '2' || primeiro === '6';
    if (contexto.destino === 'interna' && !estadual) erro('cfop', `cfop ${item.cfop} não é de operação dentro do estado, e o destinatário está na UF do emitente (use um CFOP iniciado por ${contexto.tipoOperacao === 1 ? '5' : '1'})`);
    if (contexto.destino === 'interestadual' && !interestadual) erro('cfop', `cfop ${item.cfop} não é de operação interestadual, e o destinatário está em outra UF (use um CFOP iniciado por ${contexto.tipoOperacao === 1 ? '6' : '2'})`);
  }

  if (item.origem !== undefined && !(Number.isInteger(item.origem) && item.origem >= 0 && item.origem <= 8)) erro('origem', 'origem deve ser um número de 0 a 8');

  const aliquota = (campo: 'aliquota_icms' | 'aliquota_ipi'): boolean => {
    const v = item[campo];
    if (v === undefined) return false;
    if (!ehDecimalTexto(v)) erro(campo, `${campo} deve ser uma fração decimal, por exemplo "0.18" para 18%`);
    else if (dec(v).gt(1)) erro(campo, `${campo} é uma fração (0.18 significa 18%) e não pode passar de 1`);
    else if (casasDecimais(v) > 6) erro(campo, `${campo} aceita no máximo 6 casas decimais (4 casas no percentual)`);
    else return true;
    return false;
  };
  aliquota('aliquota_icms');
  const temAliquotaIpi = aliquota('aliquota_ipi');

  if (usaCsosn(contexto.crt)) {
    if (item.csosn === undefined && item.cst_icms !== undefined) {
      erro('csosn', 'csosn é obrigatório para empresa do Simples Nacional ou MEI (cst_icms não se aplica a esse regime)');
    } else if (item.csosn !== undefined && !contem(CSOSN_SUPORTADOS, item.csosn)) {
      erro('csosn', `csosn ${item.csosn} não é suportado (exige substituição tributária); use ${CSOSN_SUPORTADOS.join(', ')}`);
    } else if (item.csosn === '101' && item.aliquota_icms === undefined) {
      erro('aliquota_icms', 'aliquota_icms é obrigatória com csosn 101: é a alíquota do crédito do Simples Nacional');
    }
  } else if (item.cst_icms === undefined) {
    erro('cst_icms', `cst_icms é obrigatório para empresa do regime normal ou com excesso de sublimite${item.csosn !== undefined ? ' (csosn só se aplica ao Simples Nacional)' : ''}`);
  } else if (!contem(CST_ICMS_SUPORTADOS, item.cst_icms)) {
    erro('cst_icms', `cst_icms ${item.cst_icms} não é suportado (exige substituição tributária ou redução de base); use ${CST_ICMS_SUPORTADOS.join(', ')}`);
  } else if (item.cst_icms === '00' && item.aliquota_icms === undefined) {
    erro('aliquota_icms', 'aliquota_icms é obrigatória com cst_icms 00 (tributada integralmente)');
  }

  for (const campo of ['cst_pis', 'cst_cofins'] as const) {
    const cst = item[campo];
    if (cst === undefined) continue;
    if (!contem(CST_PIS_COFINS_ALIQUOTA, cst) && !contem(CST_PIS_COFINS_NAO_TRIBUTADO, cst) && !contem(CST_PIS_COFINS_OUTRAS, cst)) {
      erro(campo, `${campo} ${cst} não é suportado (as CSTs 02 e 03 exigem alíquota diferenciada ou por quantidade); use 01, 04 a 09, 49 a 56, 60 a 67, 70 a 75, 98 ou 99`);
    }
  }

  if (item.cst_ipi !== undefined) {
    if (!contem(CST_IPI_TRIBUTADO, item.cst_ipi) && !contem(CST_IPI_NAO_TRIBUTADO, item.cst_ipi)) {
      erro('cst_ipi', `cst_ipi ${item.cst_ipi} não existe; use ${[...CST_IPI_TRIBUTADO, ...CST_IPI_NAO_TRIBUTADO].sort().join(', ')}`);
    } else if (contem(CST_IPI_EXIGE_ALIQUOTA, item.cst_ipi) && item.aliquota_ipi === undefined) {
      erro('aliquota_ipi', `aliquota_ipi é obrigatória com cst_ipi ${item.cst_ipi}`);
    } else if (contem(CST_IPI_NAO_TRIBUTADO, item.cst_ipi) && item.aliquota_ipi !== undefined && temAliquotaIpi && dec(item.aliquota_ipi).gt(0)) {
      erro('aliquota_ipi', `aliquota_ipi não se aplica com cst_ipi ${item.cst_ipi} (IPI não tributado)`);
    }
  } else if (item.aliquota_ipi !== undefined) {
    erro('cst_ipi', 'cst_ipi é obrigatório quando aliquota_ipi é informada');
  }

  return erros;
}
