import { lerDataHoraSefaz } from '../datas';
import { casasDecimais, dec, digitosInteiros, ehDecimalTexto, formatarValor, somar, ZERO, type Decimal } from '../dinheiro';
import { adicionarErro, ehUf, validarCnpj, type ErrosDeCampo } from '../identificadores';
import { normalizarTextoSefaz } from '../itens';
import { exigeIntegracaoCeara, situacaoCeara } from './regra-ceara';
import {
  BANDEIRAS,
  descreverForma,
  FORMA_OUTROS,
  FORMA_SEM_PAGAMENTO,
  FORMAS_ACEITAM_CARTAO,
  FORMAS_EXIGEM_CARTAO,
  FORMAS_PAGAMENTO,
} from './tabelas';
import type { EmpresaParaPagamentos, NotaParaPagamentos, PagamentoEntrada } from './tipos';

export const MAXIMO_PAGAMENTOS = 100;

/** The payments the note carries: the ones sent, or form 90 with zero value when none are (rule 1). */
export function pagamentosEfetivos(pagamentos: readonly PagamentoEntrada[] | null | undefined): PagamentoEntrada[] {
  if (!pagamentos || pagamentos.length === 0) return [{ forma_pagamento: FORMA_SEM_PAGAMENTO, valor: '0.00' }];
  return [...pagamentos];
}

function valorMonetario(erros: ErrosDeCampo, campo: string, nome: string, valor: string): Decimal | null {
  if (!ehDecimalTexto(valor)) adicionarErro(erros, campo, `${nome} deve ser um número decimal, por exemplo "10.00"`);
  else if (casasDecimais(valor) > 2) adicionarErro(erros, campo, `${nome} aceita no máximo 2 casas decimais`);
  else if (digitosInteiros(valor) > 13) adicionarErro(erros, campo, `${nome} aceita no máximo 13 dígitos inteiros`);
  else return dec(valor);
  return null;
}

// Codes like '10' are integer-like keys, which objects list first: sort for a readable message.
const listar = (tabela: Readonly<Record<string, string>>) =>
  Object.entries(tabela)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([c, n]) => `${c} ${n}`)
    .join('; ');
const LISTA_FORMAS = listar(FORMAS_PAGAMENTO);
const LISTA_BANDEIRAS = listar(BANDEIRAS);

/**
 * Spec "Payment rules" 1-5, the `forma_pagamento`/`bandeira` tables, the field rules of the payment
 * group, and the Ceará IN 87/2025 rule. `totalNota` is the note's vNF (valor_total).
 */
export function validarPagamentos(nota: NotaParaPagamentos, empresa: EmpresaParaPagamentos, totalNota: Decimal | string): ErrosDeCampo {
  const erros: ErrosDeCampo = {};
  const pagamentos = nota.pagamentos ?? [];
  const troco = nota.troco !== undefined && nota.troco !== null ? valorMonetario(erros, 'troco', 'troco', nota.troco) : ZERO;

  if (pagamentos.length === 0) {
    // Rule 1: issued as form 90. A change amount makes no sense without payments.
    if (troco && troco.gt(0)) adicionarErro(erros, 'troco', 'troco só pode ser informado junto com pagamentos');
    return erros;
  }
  if (pagamentos.length > MAXIMO_PAGAMENTOS) {
    adicionarErro(erros, 'pagamentos', `pagamentos aceita no máximo ${MAXIMO_PAGAMENTOS} formas de pagamento`);
  }

  const ceara = situacaoCeara(nota, empresa);
  const valores: Decimal[] = [];
  let temSemPagamento = false;
  let somaConfiavel = true;

  pagamentos.forEach((pag, i) => {
    const p = (campo: string) => `pagamentos[${i}].${campo}`;
    const forma = pag.forma_pagamento ?? undefined;
    if (forma === undefined || forma === '') {
      adicionarErro(erros, p('forma_pagamento'), 'forma_pagamento é obrigatório');
    } else if (!FORMAS_PAGAMENTO[forma]) {
      adicionarErro(erros, p('forma_pagamento'), `forma_pagamento ${forma} não existe; use um código da tabela: ${LISTA_FORMAS}`);
    }

    let valor: Decimal | null = null;
    if (pag.valor === undefined || pag.valor === null) adicionarErro(erros, p('valor'), 'valor é obrigatório');
    else valor = valorMonetario(erros, p('valor'), 'valor', pag.valor);
    if (valor) valores.push(valor);
    else somaConfiavel = false;

    // Rule 3: form 90 stands alone and carries no value.
    if (forma === FORMA_SEM_PAGAMENTO) {
      temSemPagamento = true;
      if (pagamentos.length > 1) {
        adicionarErro(
          erros,
          p('forma_pagamento'),
          'forma_pagamento 90 (sem pagamento) não pode aparecer junto com outras formas de pagamento',
        );
      }
      if (valor && !valor.isZero()) adicionarErro(erros, p('valor'), 'forma_pagamento 90 (sem pagamento) exige valor 0');
    }

    if (
      pag.indicador_pagamento !== undefined &&
      pag.indicador_pagamento !== null &&
      pag.indicador_pagamento !== 0 &&
      pag.indicador_pagamento !== 1
    ) {
      adicionarErro(erros, p('indicador_pagamento'), 'indicador_pagamento deve ser 0 (à vista) ou 1 (a prazo)');
    }
    if (pag.data !== undefined && pag.data !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(pag.data) || !lerDataHoraSefaz(pag.data))) {
      adicionarErro(erros, p('data'), 'data deve ser uma data válida no formato AAAA-MM-DD');
    }

    // descricao: required for form 99, 2 to 60 characters whenever sent.
    const descricao = pag.descricao === undefined || pag.descricao === null ? undefined : normalizarTextoSefaz(pag.descricao);
    if (forma === FORMA_OUTROS && !descricao) {
      adicionarErro(
        erros,
        p('descricao'),
        'descricao é obrigatória quando forma_pagamento é 99 (outros): diga qual é o meio de pagamento, de 2 a 60 caracteres',
      );
    } else if (descricao !== undefined && (descricao.length < 2 || descricao.length > 60)) {
      adicionarErro(erros, p('descricao'), 'descricao deve ter de 2 a 60 caracteres');
    }

    // cnpj_transacional and uf_transacional: together or neither.
    const temCnpjTransacional = pag.cnpj_transacional !== undefined && pag.cnpj_transacional !== null;
    const temUfTransacional = pag.uf_transacional !== undefined && pag.uf_transacional !== null;
    if (temCnpjTransacional && !temUfTransacional) {
      adicionarErro(
        erros,
        p('uf_transacional'),
        'uf_transacional é obrigatória quando cnpj_transacional é informado (envie os dois ou nenhum)',
      );
    }
    if (temUfTransacional && !temCnpjTransacional) {
      adicionarErro(
        erros,
        p('cnpj_transacional'),
        'cnpj_transacional é obrigatório quando uf_transacional é informada (envie os dois ou nenhum)',
      );
    }
    if (temCnpjTransacional && !validarCnpj(pag.cnpj_transacional)) {
      adicionarErro(erros, p('cnpj_transacional'), 'cnpj_transacional não é um CNPJ válido');
    }
    if (temUfTransacional && !ehUf(pag.uf_transacional)) {
      adicionarErro(erros, p('uf_transacional'), 'uf_transacional deve ser a sigla de um estado brasileiro, por exemplo "SP"');
    }

    // Rules 4 and 5: the cartao group.
    const cartao = pag.cartao ?? undefined;
    if (forma && FORMAS_EXIGEM_CARTAO.includes(forma) && !cartao) {
      adicionarErro(erros, p('cartao'), `forma_pagamento ${descreverForma(forma)} exige o grupo cartao`);
    }
    if (forma && cartao && FORMAS_PAGAMENTO[forma] && !FORMAS_ACEITAM_CARTAO.includes(forma)) {
      adicionarErro(
        erros,
        p('cartao'),
        `forma_pagamento ${descreverForma(forma)} não aceita o grupo cartao; só as formas ${FORMAS_ACEITAM_CARTAO.join(', ')} aceitam`,
      );
    }
    if (cartao) {
      const c = (campo: string) => `pagamentos[${i}].cartao.${campo}`;
      if (cartao.tipo_integracao === undefined || cartao.tipo_integracao === null) {
        adicionarErro(
          erros,
          c('tipo_integracao'),
          'tipo_integracao é obrigatório no grupo cartao: 1 (integrado: TEF, e-commerce ou POS integrado) ou 2 (não integrado: POS avulso)',
        );
      } else if (cartao.tipo_integracao !== 1 && cartao.tipo_integracao !== 2) {
        adicionarErro(erros, c('tipo_integracao'), 'tipo_integracao deve ser 1 (integrado) ou 2 (não integrado)');
      }
      if (cartao.bandeira !== undefined && cartao.bandeira !== null && !BANDEIRAS[cartao.bandeira]) {
        adicionarErro(erros, c('bandeira'), `bandeira ${cartao.bandeira} não existe; use um código da tabela: ${LISTA_BANDEIRAS}`);
      }
      if (cartao.cnpj_credenciadora !== undefined && cartao.cnpj_credenciadora !== null && !validarCnpj(cartao.cnpj_credenciadora)) {
        adicionarErro(erros, c('cnpj_credenciadora'), 'cnpj_credenciadora não é um CNPJ válido');
      }
      if (cartao.cnpj_recebedor !== undefined && cartao.cnpj_recebedor !== null && !validarCnpj(cartao.cnpj_recebedor)) {
        adicionarErro(erros, c('cnpj_recebedor'), 'cnpj_recebedor não é um CNPJ válido');
      }
      const tamanho = (campo: 'codigo_autorizacao' | 'id_terminal', max: number) => {
        const v = cartao[campo];
        if (v !== undefined && v !== null) {
          const limpo = normalizarTextoSefaz(v);
          if (limpo.length < 1 || limpo.length > max) adicionarErro(erros, c(campo), `${campo} deve ter de 1 a ${max} caracteres`);
        }
      };
      tamanho('codigo_autorizacao', 128);
      tamanho('id_terminal', 40);

      if (exigeIntegracaoCeara(ceara, pag)) {
        const exigencia = 'no Ceará (IN 87/2025), venda a consumidor final ou presencial exige o pagamento eletrônico vinculado à nota';
        if (cartao.tipo_integracao !== 1) {
          adicionarErro(
            erros,
            c('tipo_integracao'),
            `tipo_integracao deve ser 1 (integrado): ${exigencia}; tipo_integracao 2 só é aceito em venda entre contribuintes do ICMS, venda de MEI, PIX estático ou venda não presencial por intermediador com indicador_presenca 2 ou 3`,
          );
        }
        for (const campo of ['cnpj_credenciadora', 'codigo_autorizacao', 'id_terminal'] as const) {
          const v = cartao[campo];
          if (v === undefined || v === null || v === '') adicionarErro(erros, c(campo), `${campo} é obrigatório: ${exigencia}`);
        }
      }
    }
  });

  // Finalidade 3 (ajuste) and 4 (devolução) carry no payment (SEFAZ requires tPag 90).
  const finalidade = nota.finalidade ?? 1;
  if ((finalidade === 3 || finalidade === 4) && pagamentos.some((p) => p.forma_pagamento !== FORMA_SEM_PAGAMENTO)) {
    adicionarErro(
      erros,
      'pagamentos',
      `nota de ${finalidade === 3 ? 'ajuste' : 'devolução'} não tem pagamento: use forma_pagamento 90 (sem pagamento) ou omita pagamentos`,
    );
  }

  // Rule 2: the payments pay the note plus the change.
  if (!temSemPagamento && somaConfiavel && troco) {
    const soma = somar(valores);
    const esperado = dec(totalNota).plus(troco);
    if (!soma.eq(esperado)) {
      adicionarErro(
        erros,
        'pagamentos',
        `a soma dos valores de pagamentos (${formatarValor(soma)}) deve ser igual ao total da nota (${formatarValor(dec(totalNota))}) mais o troco (${formatarValor(troco)})`,
      );
    }
  } else if (temSemPagamento && troco && troco.gt(0)) {
    adicionarErro(erros, 'troco', 'troco não se aplica a forma_pagamento 90 (sem pagamento)');
  }
  return erros;
}
