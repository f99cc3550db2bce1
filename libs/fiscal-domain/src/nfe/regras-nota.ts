import { espacoParaInformacoesComplementares } from './informacoes-complementares';
import { formatarDataHoraSefaz, formatarDataSefaz, lerDataHoraSefaz, offsetDaUf, type Uf } from '../datas';
import { codigoMunicipioDaParte, MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO } from '../empresa/municipio-da-parte';
import { aliquotaInterestadual, aliquotasIbsCbsEm, ibsCbsSemAliquotasEm, mensagemSemAliquotasIbsCbs } from '../tabelas';
import {
  adicionarErro,
  cepValido,
  codigoUf,
  emailValido,
  inscricaoEstadualConfereComUf,
  inscricaoEstadualValida,
  mensagemInscricaoEstadualDaUf,
  FORMATO_CHAVE_ACESSO,
  lerChaveAcesso,
  ehUf,
  MENSAGEM_FORMATO_CHAVE_ACESSO,
  juntarErros,
  semErros,
  somenteDigitos,
  telefoneValido,
  validarCpfOuCnpj,
  type ErrosDeCampo,
} from '../identificadores';
import {
  normalizarTextoSefaz,
  preencherItem,
  validarItem,
  type ContextoItem,
  type Crt,
  type DestinoOperacao,
  type ItemNotaEntrada,
  type ItemPreenchido,
  type Mercadoria,
  CODIGOS_ICMS_SEM_ALIQUOTA,
  contem,
  CSOSN_PADRAO,
  usaCsosn,
} from '../itens';
import { consumidorFinalEfetivo, validarIntermediador, validarPagamentos } from '../pagamentos';
import {
  calcularItem,
  calcularTotaisDecimais,
  formatarTotais,
  itemLevaIbsCbs,
  type ItemCalculado,
  type Totais,
  type TotaisDecimais,
} from '../totais';
import type { DestinatarioEntrada, EmpresaEmitente, NotaEntrada, NotaPreenchida } from './tipos';

export const MAXIMO_ITENS = 990;

/** dhSaiEnt may be at most this many days after or before dhEmi (MOC 4.00, B10: cStat 504 / 505). */
export const DIAS_JANELA_SAIDA = 30;
const MS_DIA = 86_400_000;

/**
 * The cStat SEFAZ gives a dhSaiEnt (MOC 4.00, B10), or null: more than 30 days after dhEmi (504) or before it
 * (505); a saída (tpNF 1) before its note (506). The product's check and the simulator's rule both ask this.
 */
export function rejeicaoDaSaida(saida: Date, emissao: Date, tipoOperacao: 0 | 1): '504' | '505' | '506' | null {
  const diferenca = saida.getTime() - emissao.getTime();
  if (diferenca > DIAS_JANELA_SAIDA * MS_DIA) return '504';
  if (diferenca < -DIAS_JANELA_SAIDA * MS_DIA) return '505';
  if (tipoOperacao === 1 && diferenca < 0) return '506';
  return null;
}

/**
 * dhSaiEnt of the note issued at `emissao`: data_saida as sent, except that a saída (tpNF 1) dated the
 * emission's own day at an earlier moment leaves at the emission: a date alone is read as midnight, and SEFAZ
 * refuses a saída before its note (506). Null without data_saida or when it is no date.
 */
export function dataHoraSaida(nota: Pick<NotaEntrada<unknown>, 'data_saida' | 'tipo_operacao'>, emissao: Date, uf: Uf): Date | null {
  if (!nota.data_saida) return null;
  const offset = offsetDaUf(uf);
  const saida = lerDataHoraSefaz(nota.data_saida, offset);
  if (!saida) return null;
  const mesmoDia = formatarDataSefaz(saida, offset) === formatarDataSefaz(emissao, offset);
  return tipoOperacaoEfetivo(nota) === 1 && saida < emissao && mesmoDia ? emissao : saida;
}

const MENSAGEM_REJEICAO_SAIDA = {
  '504': `data_saida deve ser no máximo ${DIAS_JANELA_SAIDA} dias depois da emissão (a SEFAZ rejeita com 504)`,
  '505': `data_saida deve ser no máximo ${DIAS_JANELA_SAIDA} dias antes da emissão (a SEFAZ rejeita com 505)`,
  '506':
    'data_saida não pode ser anterior ao dia da emissão numa nota de saída (a SEFAZ rejeita com 506); no próprio dia, a saída é a hora da emissão',
} as const;

export function destinoDaOperacao(
  empresa: Pick<EmpresaEmitente, 'endereco'>,
  destinatario: Pick<DestinatarioEntrada, 'endereco'>,
): DestinoOperacao {
  return destinatario.endereco.uf === empresa.endereco.uf ? 'interna' : 'interestadual';
}

/** tpNF: 1 saída unless 0 was sent. */
export const tipoOperacaoEfetivo = (nota: Pick<NotaEntrada<unknown>, 'tipo_operacao'>): 0 | 1 => (nota.tipo_operacao === 0 ? 0 : 1);
export const finalidadeEfetiva = (nota: Pick<NotaEntrada<unknown>, 'finalidade'>): number => nota.finalidade ?? 1;
/** indPres when not sent: 0 (não se aplica) for complementary/adjustment notes, else 9 (outros). */
export function presencaEfetiva(nota: Pick<NotaEntrada<unknown>, 'indicador_presenca' | 'finalidade'>): number {
  if (nota.indicador_presenca !== undefined && nota.indicador_presenca !== null) return nota.indicador_presenca;
  const fin = finalidadeEfetiva(nota);
  return fin === 2 || fin === 3 ? 0 : 9;
}

/**
 * Pre-fills every item (spec rules 1-3). `buscarMercadoria` answers the company's goods item for a
 * code; codes it does not know are listed in `codigosNaoEncontrados` for the service's 422
 * (`Mercadoria não encontrada: {codigo}`), and those items are left as sent. In an interstate saída the
 * catalog's ICMS rate gives way to the route's, and to none where the code has no rate (aliquotaDoCatalogo).
 */
export function preencherNota(
  nota: NotaEntrada<ItemNotaEntrada>,
  empresa: Pick<EmpresaEmitente, 'endereco' | 'regime_tributario'>,
  buscarMercadoria: (codigo: string) => Mercadoria | null | undefined,
): { nota: NotaPreenchida; codigosNaoEncontrados: string[] } {
  const destino = destinoDaOperacao(empresa, nota.destinatario);
  const { difal, saidaInterestadual } = rotasInterestaduais(empresa, nota);
  const rota = difal ?? saidaInterestadual;
  const codigosNaoEncontrados: string[] = [];
  const itens = nota.itens.map((item) => {
    if (item.codigo_produto === undefined || item.codigo_produto === null) return preencherItem(item, undefined, destino);
    const mercadoria = buscarMercadoria(item.codigo_produto);
    if (!mercadoria) codigosNaoEncontrados.push(item.codigo_produto);
    return aliquotaDoCatalogo(preencherItem(item, mercadoria, destino), item, rota, empresa.regime_tributario as Crt);
  });
  return { nota: { ...nota, itens }, codigosNaoEncontrados };
}

/**
 * The ICMS rate a goods item filled in, for this operation (a rate the item sent is kept, and judged by
 * validarItem):
 *  - none where the item's code carries no rate (CST 40, 41, 50, 51, 60; CSOSN 102, 103, 300, 400, 500): the
 *    catalog's rate serves its other uses, and here it would be dropped from the note unseen;
 *  - in an interstate saída, the route's interstate rate for the item's origin, which the Senate fixed (CF art.
 *    155, § 2º, IV; Resoluções 22/1989 and 13/2012), instead of the internal rate a goods item holds; not for
 *    CSOSN 101 and 201, whose rate is the Simples credit rate (pCredSN).
 */
function aliquotaDoCatalogo(
  preenchido: ItemPreenchido,
  enviado: ItemNotaEntrada,
  rota: { ufOrigem: Uf; ufDestino: Uf } | undefined,
  crt: Crt,
): ItemPreenchido {
  if (preenchido.aliquota_icms === undefined || (enviado.aliquota_icms !== undefined && enviado.aliquota_icms !== null)) return preenchido;
  const codigo = usaCsosn(crt) ? (preenchido.csosn ?? CSOSN_PADRAO) : preenchido.cst_icms;
  if (contem(CODIGOS_ICMS_SEM_ALIQUOTA, codigo)) {
    const { aliquota_icms: _semUso, ...semAliquota } = preenchido;
    return semAliquota;
  }
  if (!rota || (usaCsosn(crt) && ['101', '201'].includes(codigo ?? ''))) return preenchido;
  return { ...preenchido, aliquota_icms: aliquotaInterestadual(preenchido.origem ?? 0, rota.ufOrigem, rota.ufDestino) };
}

/**
 * The route whose interstate rate the own ICMS follows, by why: `difal` for a sale to a non-taxpayer final
 * consumer in another state (the rate is the route's, the rest goes to the destination: validarIcmsComDifal);
 * `saidaInterestadual` for any other normal (finalidade 1) saída to another state (the route's rate is a
 * ceiling: SEFAZ 663/693). Neither inside the state, nor for an entrada, complementar, ajuste or devolução
 * without the DIFAL (their rate follows the operation they refer to).
 */
export function rotasInterestaduais(
  empresa: Pick<EmpresaEmitente, 'endereco'>,
  nota: Pick<NotaEntrada<unknown>, 'destinatario' | 'tipo_operacao' | 'finalidade' | 'indicador_consumidor_final'>,
): Pick<ContextoItem, 'difal' | 'saidaInterestadual'> {
  const uf = nota.destinatario?.endereco?.uf;
  if (!ehUf(uf) || uf === empresa.endereco.uf) return {};
  const rota = { ufOrigem: empresa.endereco.uf, ufDestino: uf };
  if (difalDevido(empresa, nota)) return { difal: rota };
  return tipoOperacaoEfetivo(nota) === 1 && finalidadeEfetiva(nota) === 1 ? { saidaInterestadual: rota } : {};
}

function texto(erros: ErrosDeCampo, campo: string, valor: string | null | undefined, min: number, max: number, obrigatorio = true): void {
  if (valor === undefined || valor === null) {
    if (obrigatorio) adicionarErro(erros, campo, `${campo} é obrigatório`);
    return;
  }
  const limpo = normalizarTextoSefaz(valor);
  if (limpo.length < min || limpo.length > max) adicionarErro(erros, campo, `${campo} deve ter de ${min} a ${max} caracteres`);
}

function validarDestinatario(erros: ErrosDeCampo, nota: NotaPreenchida, empresa: EmpresaEmitente): void {
  const d = nota.destinatario;
  texto(erros, 'destinatario.razao_social', d.razao_social, 2, 60);
  if (!validarCpfOuCnpj(d.cpf_cnpj)) {
    adicionarErro(erros, 'destinatario.cpf_cnpj', 'destinatario.cpf_cnpj deve ser um CPF (11 dígitos) ou CNPJ (14 caracteres) válido');
  }
  if (![1, 2, 9].includes(d.indicador_ie)) {
    adicionarErro(
      erros,
      'destinatario.indicador_ie',
      'destinatario.indicador_ie deve ser 1 (contribuinte), 2 (contribuinte isento) ou 9 (não contribuinte)',
    );
  }
  if (d.indicador_ie === 1 && !(d.inscricao_estadual && somenteDigitos(d.inscricao_estadual))) {
    adicionarErro(
      erros,
      'destinatario.inscricao_estadual',
      'destinatario.inscricao_estadual é obrigatória quando indicador_ie é 1 (contribuinte do ICMS)',
    );
  } else if (d.inscricao_estadual && !inscricaoEstadualValida(d.inscricao_estadual)) {
    adicionarErro(erros, 'destinatario.inscricao_estadual', 'destinatario.inscricao_estadual deve ter de 2 a 14 dígitos');
  } else if (d.inscricao_estadual && !inscricaoEstadualConfereComUf(d.inscricao_estadual, d.endereco?.uf)) {
    adicionarErro(
      erros,
      'destinatario.inscricao_estadual',
      // Refused only for an address whose state is a UF.
      `destinatario.inscricao_estadual ${mensagemInscricaoEstadualDaUf(d.endereco.uf as Uf, '210')}`,
    );
  }
  if (d.indicador_ie === 9 && nota.indicador_consumidor_final === false) {
    adicionarErro(
      erros,
      'indicador_consumidor_final',
      'indicador_consumidor_final deve ser verdadeiro quando o destinatário não é contribuinte (indicador_ie 9)',
    );
  }
  if (d.email !== undefined && d.email !== null && (!emailValido(d.email) || d.email.length > 60)) {
    adicionarErro(erros, 'destinatario.email', 'destinatario.email deve ser um e-mail válido de até 60 caracteres');
  }
  if (d.telefone !== undefined && d.telefone !== null && !telefoneValido(d.telefone)) {
    adicionarErro(erros, 'destinatario.telefone', 'destinatario.telefone deve ter de 6 a 14 dígitos');
  }
  const e = d.endereco;
  if (typeof e.cep !== 'string' || !cepValido(e.cep))
    adicionarErro(erros, 'destinatario.endereco.cep', 'destinatario.endereco.cep deve ter 8 dígitos');
  texto(erros, 'destinatario.endereco.logradouro', e.logradouro, 2, 60);
  texto(erros, 'destinatario.endereco.numero', e.numero, 1, 60);
  texto(erros, 'destinatario.endereco.bairro', e.bairro, 2, 60);
  texto(erros, 'destinatario.endereco.municipio', e.municipio, 2, 60);
  texto(erros, 'destinatario.endereco.complemento', e.complemento, 1, 60, false);
  if (!ehUf(e.uf)) {
    adicionarErro(erros, 'destinatario.endereco.uf', 'destinatario.endereco.uf deve ser a sigla de um estado brasileiro, por exemplo "SP"');
    return;
  }
  const codigo = codigoMunicipioDaParte(empresa.endereco, d);
  if (codigo === null) {
    adicionarErro(
      erros,
      'destinatario.codigo_municipio',
      `destinatario.codigo_municipio ${MENSAGEM_CODIGO_MUNICIPIO_DA_PARTE_OBRIGATORIO}`,
    );
  } else if (!/^\d{7}$/.test(codigo)) {
    adicionarErro(
      erros,
      'destinatario.codigo_municipio',
      'destinatario.codigo_municipio deve ser o código IBGE do município, com 7 dígitos',
    );
  } else if (codigo.slice(0, 2) !== codigoUf(e.uf)) {
    adicionarErro(
      erros,
      'destinatario.codigo_municipio',
      `destinatario.codigo_municipio ${codigo} não é de um município de ${e.uf} (deve começar por ${codigoUf(e.uf)})`,
    );
  }
}

export const MAXIMO_DOCUMENTOS_REFERENCIADOS = 99;
/** Notes SEFAZ refuses without a referenced document (254 complementar, 321 devolução; ajuste likewise). */
export const FINALIDADES_EXIGEM_REFERENCIA = [2, 3, 4] as const;

/** documentos_referenciados (NFref/refNFe): required for finalidade 2, 3 and 4; each key valid and once. */
function validarDocumentosReferenciados(erros: ErrosDeCampo, nota: NotaPreenchida): void {
  const docs = nota.documentos_referenciados;
  const finalidade = finalidadeEfetiva(nota);
  if (docs === undefined || docs === null || (Array.isArray(docs) && docs.length === 0)) {
    if ((FINALIDADES_EXIGEM_REFERENCIA as readonly number[]).includes(finalidade)) {
      adicionarErro(erros, 'documentos_referenciados', `documentos_referenciados é obrigatório para a finalidade ${finalidade}`);
    }
    return;
  }
  if (!Array.isArray(docs) || docs.length > MAXIMO_DOCUMENTOS_REFERENCIADOS) {
    adicionarErro(
      erros,
      'documentos_referenciados',
      `documentos_referenciados deve ser uma lista de 1 a ${MAXIMO_DOCUMENTOS_REFERENCIADOS} documentos`,
    );
    return;
  }
  if (finalidade === 2 && docs.length > 1) {
    adicionarErro(
      erros,
      'documentos_referenciados',
      'uma nota complementar (finalidade 2) referencia uma única NF-e: a que ela complementa (a SEFAZ rejeita com 255)',
    );
    return;
  }
  const vistas = new Set<string>();
  docs.forEach((doc, i) => {
    const campo = `documentos_referenciados[${i}].chave_acesso`;
    const chave = doc?.chave_acesso;
    if (typeof chave !== 'string' || !FORMATO_CHAVE_ACESSO.test(chave))
      adicionarErro(erros, campo, `chave_acesso ${MENSAGEM_FORMATO_CHAVE_ACESSO}`);
    else if (!lerChaveAcesso(chave))
      adicionarErro(erros, campo, 'chave_acesso não é uma chave de acesso válida (dígito verificador, UF, mês ou CNPJ não conferem)');
    else if (vistas.has(chave)) adicionarErro(erros, campo, 'chave_acesso repetida: cada documento é referenciado uma vez');
    vistas.add(typeof chave === 'string' ? chave : '');
  });
}

/**
 * Every business rule of an NF-e request after pre-fill: header, recipient, items, intermediary and
 * payments (these last ones only once the items are valid, since they need the note total).
 * Empty result means the note can be built.
 */
export function validarNota(nota: NotaPreenchida, empresa: EmpresaEmitente, dataEmissao?: Date): ErrosDeCampo {
  return avaliarNota(nota, empresa, dataEmissao).erros;
}

/**
 * validarNota, and the note's values when its items are valid: the payment rules need the total, so
 * the calculation is made here once and kept for the document (calcularNota would repeat it).
 */
export function avaliarNota(
  nota: NotaPreenchida,
  empresa: EmpresaEmitente,
  dataEmissao: Date = new Date(),
): { erros: ErrosDeCampo; calculo: CalculoNotaCompleto | null } {
  const erros: ErrosDeCampo = {};
  texto(erros, 'natureza_operacao', nota.natureza_operacao, 1, 60);
  if (nota.serie !== undefined && nota.serie !== null && !(Number.isInteger(nota.serie) && nota.serie >= 0 && nota.serie <= 999)) {
    adicionarErro(erros, 'serie', 'serie deve ser um número de 0 a 999');
  }
  if (nota.tipo_operacao !== undefined && nota.tipo_operacao !== null && nota.tipo_operacao !== 0 && nota.tipo_operacao !== 1) {
    adicionarErro(erros, 'tipo_operacao', 'tipo_operacao deve ser 0 (entrada) ou 1 (saída)');
  }
  if (nota.finalidade !== undefined && nota.finalidade !== null && ![1, 2, 3, 4].includes(nota.finalidade)) {
    adicionarErro(erros, 'finalidade', 'finalidade deve ser 1 (normal), 2 (complementar), 3 (ajuste) ou 4 (devolução)');
  }
  validarDocumentosReferenciados(erros, nota);
  // infCpl holds 5000 characters, the Simples Nacional's statements first (informacoes-complementares.ts).
  texto(
    erros,
    'informacoes_complementares',
    nota.informacoes_complementares,
    1,
    espacoParaInformacoesComplementares(empresa.regime_tributario),
    false,
  );
  if (nota.data_saida !== undefined && nota.data_saida !== null) {
    const saida = dataHoraSaida(nota, dataEmissao, empresa.endereco.uf);
    const rejeicao = saida ? rejeicaoDaSaida(saida, dataEmissao, tipoOperacaoEfetivo(nota)) : null;
    if (!saida)
      adicionarErro(erros, 'data_saida', 'data_saida deve ser uma data (AAAA-MM-DD) ou data e hora com fuso (2026-11-22T14:05:09-03:00)');
    else if (rejeicao) {
      // SEFAZ answers 505 first, but for a saída "at most 30 days before" would mislead: no earlier day is accepted.
      const saidaAnterior = rejeicao === '505' && tipoOperacaoEfetivo(nota) === 1;
      if (saidaAnterior) adicionarErro(erros, 'data_saida', MENSAGEM_REJEICAO_SAIDA['506']);
      adicionarErro(erros, 'data_saida', MENSAGEM_REJEICAO_SAIDA[rejeicao]);
    }
  }
  validarDestinatario(erros, nota, empresa);
  juntarErros(erros, validarIntermediador(nota));

  if (!Array.isArray(nota.itens) || nota.itens.length === 0) adicionarErro(erros, 'itens', 'itens deve ter ao menos 1 item');
  else if (nota.itens.length > MAXIMO_ITENS) adicionarErro(erros, 'itens', `itens aceita no máximo ${MAXIMO_ITENS} itens por nota`);
  const contexto: ContextoItem = {
    crt: empresa.regime_tributario as Crt,
    destino: ehUf(nota.destinatario?.endereco?.uf) ? destinoDaOperacao(empresa, nota.destinatario) : undefined,
    tipoOperacao: tipoOperacaoEfetivo(nota),
    finalidade: finalidadeEfetiva(nota),
    destinatarioNaoContribuinte: nota.destinatario?.indicador_ie === 9,
  };
  Object.assign(contexto, rotasInterestaduais(empresa, nota));
  const errosItens: ErrosDeCampo = {};
  (nota.itens ?? []).forEach((item, i) => juntarErros(errosItens, validarItem(item, i, contexto)));
  exigirAliquotasIbsCbs(errosItens, nota, empresa, dataEmissao);
  juntarErros(erros, errosItens);

  let calculo: CalculoNotaCompleto | null = null;
  if (semErros(errosItens) && nota.itens?.length) {
    calculo = calcularNota(nota, empresa, dataEmissao);
    const excedido = totalAcimaDoLeiaute(calculo.totaisDecimais);
    if (excedido)
      adicionarErro(erros, 'itens', `a soma dos itens (${excedido} da NF-e) passa do máximo de 13 dígitos inteiros que o leiaute aceita`);
    juntarErros(erros, validarPagamentos(nota, empresa, calculo.totaisDecimais.vNF));
  }
  return { erros, calculo };
}

/**
 * A note with an item that carries IBS/CBS (itemLevaIbsCbs) needs the rates of its date. Past the dated
 * table's last row the law has changed them (tabelas/ibs-cbs.ts): refused, rather than issued at an
 * expired year's rates.
 */
function exigirAliquotasIbsCbs(erros: ErrosDeCampo, nota: NotaPreenchida, empresa: EmpresaEmitente, dataEmissao: Date): void {
  const data = dataNoEmitente(dataEmissao, empresa.endereco.uf);
  if (!ibsCbsSemAliquotasEm(data)) return;
  const crt = empresa.regime_tributario as Crt;
  if ((nota.itens ?? []).some((i) => itemLevaIbsCbs(i, crt))) adicionarErro(erros, 'itens', mensagemSemAliquotasIbsCbs(data));
}

/** The first total (ICMSTot, its DIFAL fields, IBSCBSTot) past TDec_1302's 13 integer digits, by its tag, or null. */
function totalAcimaDoLeiaute(t: TotaisDecimais): string | null {
  const { difal, ibsCbs, ...icmsTot } = t;
  const todos = { ...icmsTot, ...difal, ...ibsCbs };
  const acima = Object.entries(todos).find(([, v]) => v.abs().greaterThanOrEqualTo('1e13'));
  return acima ? acima[0] : null;
}

export interface CalculoNota {
  itens: ItemCalculado[];
  totais: Totais;
}

/**
 * DIFAL is due (NT 2015.003; cStat 694 without it): interstate operation (idDest 2) with a final
 * consumer (indFinal 1) who is not an ICMS taxpayer (indIEDest 9).
 */
export function difalDevido(
  empresa: Pick<EmpresaEmitente, 'endereco'>,
  nota: Pick<NotaPreenchida, 'destinatario' | 'indicador_consumidor_final'>,
): boolean {
  return (
    ehUf(nota.destinatario?.endereco?.uf) &&
    destinoDaOperacao(empresa, nota.destinatario) === 'interestadual' &&
    consumidorFinalEfetivo(nota) &&
    nota.destinatario.indicador_ie === 9
  );
}

/** The calendar date (`AAAA-MM-DD`) of an instant in the issuer's state: what dated tables are read by. */
export function dataNoEmitente(instante: Date, uf: string): string {
  return formatarDataHoraSefaz(instante, offsetDaUf(uf)).slice(0, 10);
}

function calcularNotaDecimais(
  nota: NotaPreenchida,
  empresa: EmpresaEmitente,
  dataEmissao: Date = new Date(),
): { itens: ItemCalculado[]; totais: TotaisDecimais } {
  const data = dataNoEmitente(dataEmissao, empresa.endereco.uf);
  const ufDestino = ehUf(nota.destinatario?.endereco?.uf) ? nota.destinatario.endereco.uf : undefined;
  const aliquotasIbsCbs = aliquotasIbsCbsEm(data);
  const contexto = {
    crt: empresa.regime_tributario as Crt,
    apuracaoPisCofins: empresa.apuracao_pis_cofins ?? undefined,
    consumidorFinal: consumidorFinalEfetivo(nota),
    operacao: {
      ufOrigem: empresa.endereco.uf,
      ufDestino,
      interestadual: ufDestino !== undefined && ufDestino !== empresa.endereco.uf,
      difal: difalDevido(empresa, nota),
      data,
    },
    aliquotasIbsCbs,
  };
  const itens = nota.itens.map((item: ItemPreenchido, i) => calcularItem(item, i + 1, contexto));
  return { itens, totais: calcularTotaisDecimais(itens, aliquotasIbsCbs?.compoeTotal ?? false) };
}

/**
 * Item values and the `totais` object of a valid note (validarNota first). `dataEmissao` selects the
 * rates in force (IBS/CBS, the states' internal rates); now when not given.
 */
export function calcularNota(
  nota: NotaPreenchida,
  empresa: EmpresaEmitente,
  dataEmissao?: Date,
): CalculoNota & { totaisDecimais: TotaisDecimais } {
  const { itens, totais } = calcularNotaDecimais(nota, empresa, dataEmissao);
  return { itens, totais: formatarTotais(totais), totaisDecimais: totais };
}

export type CalculoNotaCompleto = ReturnType<typeof calcularNota>;
