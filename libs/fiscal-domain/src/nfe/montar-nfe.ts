import { informacoesComplementaresDaNota } from './informacoes-complementares';
import { formatarDataHoraSefaz, offsetDaUf } from '../datas';
import { formatarPercentual, formatarQuantidade, formatarValor, formatarValorUnitario, ZERO, type Decimal } from '../dinheiro';
import { hashCsrt } from '../tabelas';
import {
  anoMesDaChave,
  codigoUf,
  IE_ISENTO,
  lerChaveAcesso,
  montarChaveAcesso,
  normalizarCnpj,
  normalizarDocumento,
  somenteDigitos,
} from '../identificadores';
import { normalizarTextoSefaz } from '../itens';
import { codigoMunicipioDaParte } from '../empresa/municipio-da-parte';
import { pagamentosEfetivos } from '../pagamentos';
import type { ContribuicaoCalculada, ItemCalculado, ReducaoAliquota, TotaisDecimais } from '../totais';
import { calcularNota, dataHoraSaida, destinoDaOperacao, finalidadeEfetiva, presencaEfetiva, tipoOperacaoEfetivo } from './regras-nota';
import { consumidorFinalEfetivo } from '../pagamentos';
import { ElementoXml } from './elemento-xml';
import {
  MODELO_NFE,
  NAMESPACE_NFE,
  VERSAO_NFE,
  XNOME_HOMOLOGACAO,
  type AmbienteSefaz,
  type EmpresaEmitente,
  type NotaPreenchida,
  type ResponsavelTecnico,
} from './tipos';

/** Number, series, key and dates the service assigns to a note. */
export interface IdentificacaoNfe {
  numero: number;
  serie: number;
  /** 44 characters, from chaveAcessoDaNota (cNF and cDV are read from it). */
  chaveAcesso: string;
  dataEmissao: Date;
  ambiente: AmbienteSefaz;
  /** verProc: name and version of the issuing application. */
  versaoAplicativo?: string;
  responsavelTecnico?: ResponsavelTecnico;
  /** A note issued in contingency (SVC, tpEmis 6/7 in the key): ide/dhCont and ide/xJust (15..256). */
  contingencia?: { dhCont: string; xJust: string };
}

export interface DadosNfe {
  empresa: EmpresaEmitente;
  /** A pre-filled note that passed validarNota. */
  nota: NotaPreenchida;
  identificacao: IdentificacaoNfe;
  /** calcularNota's result when the caller already has it (otherwise computed here; same result). */
  calculo?: { itens: ItemCalculado[]; totaisDecimais: TotaisDecimais };
}

export const VERSAO_APLICATIVO_PADRAO = 'emissor-fiscal 1.0';

/** The access key of a note about to be issued. tpEmis 1 (normal) unless given (6/7: SVC, position 35); cNF random unless given. */
export function chaveAcessoDaNota(dados: {
  empresa: Pick<EmpresaEmitente, 'cnpj' | 'endereco'>;
  serie: number;
  numero: number;
  dataEmissao: Date;
  codigoNumerico: string;
  tipoEmissao?: number;
}): string {
  const dhEmi = formatarDataHoraSefaz(dados.dataEmissao, offsetDaUf(dados.empresa.endereco.uf));
  return montarChaveAcesso({
    cUF: codigoUf(dados.empresa.endereco.uf),
    anoMes: anoMesDaChave(dhEmi),
    cnpj: normalizarCnpj(dados.empresa.cnpj),
    modelo: MODELO_NFE,
    serie: dados.serie,
    numero: dados.numero,
    tipoEmissao: dados.tipoEmissao ?? 1,
    codigoNumerico: dados.codigoNumerico,
  });
}

type No = ElementoXml;
/** Adds `<nome>valor</nome>` only when there is a value (the layout has no empty elements). */
function campo(pai: No, nome: string, valor: string | number | null | undefined): void {
  if (valor === undefined || valor === null || valor === '') return;
  pai.ele(nome).txt(typeof valor === 'number' ? String(valor) : valor);
}
const texto = (valor: string | null | undefined) =>
  valor === undefined || valor === null ? undefined : normalizarTextoSefaz(valor) || undefined;
const v2 = (d: Decimal) => formatarValor(d);

function documento(pai: No, doc: string): void {
  const limpo = normalizarDocumento(doc);
  campo(pai, limpo.length === 11 ? 'CPF' : 'CNPJ', limpo);
}

function ide(inf: No, d: DadosNfe, chave: NonNullable<ReturnType<typeof lerChaveAcesso>>, dhEmi: string): void {
  const { empresa, nota, identificacao } = d;
  const offset = offsetDaUf(empresa.endereco.uf);
  const x = inf.ele('ide');
  campo(x, 'cUF', chave.cUF);
  campo(x, 'cNF', chave.codigoNumerico);
  campo(x, 'natOp', texto(nota.natureza_operacao));
  campo(x, 'mod', MODELO_NFE);
  campo(x, 'serie', identificacao.serie);
  campo(x, 'nNF', identificacao.numero);
  campo(x, 'dhEmi', dhEmi);
  const saida = dataHoraSaida(nota, identificacao.dataEmissao, empresa.endereco.uf);
  if (saida) campo(x, 'dhSaiEnt', formatarDataHoraSefaz(saida, offset));
  campo(x, 'tpNF', tipoOperacaoEfetivo(nota));
  campo(x, 'idDest', destinoDaOperacao(empresa, nota.destinatario) === 'interna' ? 1 : 2);
  campo(x, 'cMunFG', empresa.endereco.codigo_municipio);
  campo(x, 'tpImp', 1);
  campo(x, 'tpEmis', chave.tipoEmissao);
  campo(x, 'cDV', chave.digitoVerificador);
  campo(x, 'tpAmb', identificacao.ambiente);
  campo(x, 'finNFe', finalidadeEfetiva(nota));
  campo(x, 'indFinal', consumidorFinalEfetivo(nota) ? 1 : 0);
  const indPres = presencaEfetiva(nota);
  campo(x, 'indPres', indPres);
  // indIntermed: 1 with an intermediary; 0 (own site/shop) for the presence types that require the field.
  if (nota.intermediador) campo(x, 'indIntermed', 1);
  else if ([1, 2, 3, 4, 9].includes(indPres)) campo(x, 'indIntermed', 0);
  campo(x, 'procEmi', 0);
  campo(x, 'verProc', identificacao.versaoAplicativo ?? VERSAO_APLICATIVO_PADRAO);
  if (identificacao.contingencia) {
    campo(x, 'dhCont', identificacao.contingencia.dhCont);
    campo(x, 'xJust', texto(identificacao.contingencia.xJust));
  }
  for (const ref of nota.documentos_referenciados ?? []) x.ele('NFref').ele('refNFe').txt(ref.chave_acesso);
}

function emit(inf: No, empresa: EmpresaEmitente): void {
  const x = inf.ele('emit');
  campo(x, 'CNPJ', normalizarCnpj(empresa.cnpj));
  campo(x, 'xNome', texto(empresa.razao_social));
  campo(x, 'xFant', texto(empresa.nome_fantasia));
  const e = empresa.endereco;
  const end = x.ele('enderEmit');
  campo(end, 'xLgr', texto(e.logradouro));
  campo(end, 'nro', texto(e.numero));
  campo(end, 'xCpl', texto(e.complemento));
  campo(end, 'xBairro', texto(e.bairro));
  campo(end, 'cMun', e.codigo_municipio);
  campo(end, 'xMun', texto(e.municipio));
  campo(end, 'UF', e.uf);
  campo(end, 'CEP', somenteDigitos(e.cep));
  campo(end, 'cPais', '1058');
  campo(end, 'xPais', 'Brasil');
  campo(end, 'fone', empresa.telefone ? somenteDigitos(empresa.telefone) : undefined);
  const ie = empresa.inscricao_estadual.trim().toUpperCase() === IE_ISENTO ? IE_ISENTO : somenteDigitos(empresa.inscricao_estadual);
  campo(x, 'IE', ie);
  campo(x, 'CRT', empresa.regime_tributario);
}

function dest(inf: No, d: DadosNfe): void {
  const { empresa, nota, identificacao } = d;
  const de = nota.destinatario;
  const x = inf.ele('dest');
  documento(x, de.cpf_cnpj);
  // Homologação: SEFAZ requires this fixed recipient name (MOC 4.00, E04).
  campo(x, 'xNome', identificacao.ambiente === 2 ? XNOME_HOMOLOGACAO : texto(de.razao_social));
  const e = de.endereco;
  const end = x.ele('enderDest');
  campo(end, 'xLgr', texto(e.logradouro));
  campo(end, 'nro', texto(e.numero));
  campo(end, 'xCpl', texto(e.complemento));
  campo(end, 'xBairro', texto(e.bairro));
  campo(end, 'cMun', codigoMunicipioDaParte(empresa.endereco, de) ?? undefined);
  campo(end, 'xMun', texto(e.municipio));
  campo(end, 'UF', e.uf);
  campo(end, 'CEP', somenteDigitos(e.cep));
  campo(end, 'cPais', '1058');
  campo(end, 'xPais', 'Brasil');
  campo(end, 'fone', de.telefone ? somenteDigitos(de.telefone) : undefined);
  campo(x, 'indIEDest', de.indicador_ie);
  // IE only for taxpayers (1); an exempt taxpayer (2) must not send it.
  if (de.indicador_ie !== 2 && de.inscricao_estadual) campo(x, 'IE', somenteDigitos(de.inscricao_estadual));
  campo(x, 'email', texto(de.email));
}

/** modBCST 4: the ST base is the operation's value raised by the margin (MVA). */
const MOD_BC_ST_MVA = 4;

function icmsSt(g: No, st: NonNullable<ItemCalculado['icms']['st']>): void {
  campo(g, 'modBCST', MOD_BC_ST_MVA);
  campo(g, 'pMVAST', formatarPercentual(st.mva));
  if (st.reducaoBase && st.reducaoBase.gt(0)) campo(g, 'pRedBCST', formatarPercentual(st.reducaoBase));
  campo(g, 'vBCST', v2(st.base));
  campo(g, 'pICMSST', formatarPercentual(st.aliquota));
  campo(g, 'vICMSST', v2(st.valor));
}

function icms(imposto: No, calc: ItemCalculado): void {
  const i = calc.icms;
  const g = imposto.ele('ICMS').ele(i.grupo);
  campo(g, 'orig', i.origem);
  if (i.cst !== undefined) campo(g, 'CST', i.cst);
  if (i.csosn !== undefined) campo(g, 'CSOSN', i.csosn);
  const credito = () => {
    campo(g, 'pCredSN', formatarPercentual(i.aliquotaCreditoSn ?? ZERO));
    campo(g, 'vCredICMSSN', v2(i.valorCreditoSn ?? ZERO));
  };
  switch (i.grupo) {
    case 'ICMSSN101':
      if (i.aliquotaCreditoSn && i.valorCreditoSn) credito();
      return;
    case 'ICMSSN201':
      if (i.st) icmsSt(g, i.st);
      credito();
      return;
    case 'ICMSSN202':
    case 'ICMS30':
      if (i.st) icmsSt(g, i.st);
      return;
  }
  if (i.base !== undefined && i.aliquota !== undefined && i.valor !== undefined) {
    campo(g, 'modBC', 3); // 3 = valor da operação
    if (i.reducaoBase !== undefined) campo(g, 'pRedBC', formatarPercentual(i.reducaoBase));
    campo(g, 'vBC', v2(i.base));
    campo(g, 'pICMS', formatarPercentual(i.aliquota));
    campo(g, 'vICMS', v2(i.valor));
  }
  if (i.st) icmsSt(g, i.st);
}

/** ICMSUFDest (NT 2015.003): pICMSInterPart 100 % since 2019 (EC 87/2015 transition over). */
function icmsUfDestino(imposto: No, d: NonNullable<ItemCalculado['difal']>): void {
  const g = imposto.ele('ICMSUFDest');
  campo(g, 'vBCUFDest', v2(d.base));
  if (d.aliquotaFcp.gt(0)) {
    campo(g, 'vBCFCPUFDest', v2(d.base));
    campo(g, 'pFCPUFDest', formatarPercentual(d.aliquotaFcp));
  }
  campo(g, 'pICMSUFDest', formatarPercentual(d.aliquotaInterna));
  campo(g, 'pICMSInter', formatarPercentual(d.aliquotaInterestadual));
  campo(g, 'pICMSInterPart', '100.00');
  if (d.aliquotaFcp.gt(0)) campo(g, 'vFCPUFDest', v2(d.valorFcp));
  campo(g, 'vICMSUFDest', v2(d.valorUfDestino));
  campo(g, 'vICMSUFRemet', v2(d.valorUfRemetente));
}

/** A percentage of the RTC layout (TDec_0302_04RTC): 2 to 4 places, as the rate table writes it. */
const percentualRtc = (p: Decimal) => p.toFixed(Math.min(Math.max(p.decimalPlaces(), 2), 4));

/** IBSCBS (NT 2025.002): CST, cClassTrib and, for taxed CSTs, gIBSCBS with the UF, municipal and CBS parts. */
function ibsCbs(imposto: No, t: NonNullable<ItemCalculado['ibsCbs']>): void {
  const g = imposto.ele('IBSCBS');
  campo(g, 'CST', t.cst);
  campo(g, 'cClassTrib', t.cClassTrib);
  const v = t.valores;
  if (!v) return;
  const x = g.ele('gIBSCBS');
  campo(x, 'vBC', v2(v.base));
  const uf = x.ele('gIBSUF');
  campo(uf, 'pIBSUF', percentualRtc(v.pIBSUF));
  gRed(uf, v.reducao?.ibsUf);
  campo(uf, 'vIBSUF', v2(v.vIBSUF));
  const mun = x.ele('gIBSMun');
  campo(mun, 'pIBSMun', percentualRtc(v.pIBSMun));
  gRed(mun, v.reducao?.ibsMun);
  campo(mun, 'vIBSMun', v2(v.vIBSMun));
  campo(x, 'vIBS', v2(v.vIBS));
  const cbs = x.ele('gCBS');
  campo(cbs, 'pCBS', percentualRtc(v.pCBS));
  gRed(cbs, v.reducao?.cbs);
  campo(cbs, 'vCBS', v2(v.vCBS));
}

/** gRed (TRed) of one part under CST 200, between its rate and its value; pAliqEfet always with its 4 places. */
function gRed(parte: No, r: ReducaoAliquota | undefined): void {
  if (!r) return;
  const g = parte.ele('gRed');
  campo(g, 'pRedAliq', percentualRtc(r.pRedAliq));
  campo(g, 'pAliqEfet', r.pAliqEfet.toFixed(4));
}

function contribuicao(imposto: No, nome: 'PIS' | 'COFINS', c: ContribuicaoCalculada): void {
  const g = imposto.ele(nome).ele(`${nome}${c.grupo}`);
  campo(g, 'CST', c.cst);
  if (c.grupo === 'NT' || !c.base || !c.aliquota || !c.valor) return;
  campo(g, 'vBC', v2(c.base));
  campo(g, `p${nome}`, formatarPercentual(c.aliquota));
  campo(g, `v${nome}`, v2(c.valor));
}

function det(inf: No, calc: ItemCalculado): void {
  const it = calc.item;
  const x = inf.ele('det', { nItem: String(calc.numero_item) });
  const p = x.ele('prod');
  campo(p, 'cProd', texto(it.codigo ?? it.codigo_produto) ?? String(calc.numero_item));
  campo(p, 'cEAN', 'SEM GTIN');
  campo(p, 'xProd', texto(it.descricao));
  campo(p, 'NCM', it.ncm);
  campo(p, 'CEST', it.cest);
  campo(p, 'CFOP', it.cfop);
  const unidade = texto(it.unidade_comercial);
  const qtd = formatarQuantidade(it.quantidade);
  const vUn = formatarValorUnitario(it.valor_unitario ?? '0');
  campo(p, 'uCom', unidade);
  campo(p, 'qCom', qtd);
  campo(p, 'vUnCom', vUn);
  campo(p, 'vProd', v2(calc.valorProduto));
  campo(p, 'cEANTrib', 'SEM GTIN');
  campo(p, 'uTrib', unidade);
  campo(p, 'qTrib', qtd);
  campo(p, 'vUnTrib', vUn);
  if (calc.valorDesconto.gt(0)) campo(p, 'vDesc', v2(calc.valorDesconto));
  campo(p, 'indTot', 1);
  const imposto = x.ele('imposto');
  icms(imposto, calc);
  if (calc.ipi) {
    const ipi = imposto.ele('IPI');
    campo(ipi, 'cEnq', '999'); // generic legal-framework code: "tributação normal IPI; outros"
    const g = ipi.ele(calc.ipi.grupo);
    campo(g, 'CST', calc.ipi.cst);
    const { base, aliquota, valor } = calc.ipi;
    if (calc.ipi.grupo === 'IPITrib' && base && aliquota && valor) {
      campo(g, 'vBC', v2(base));
      campo(g, 'pIPI', formatarPercentual(aliquota));
      campo(g, 'vIPI', v2(valor));
    }
  }
  contribuicao(imposto, 'PIS', calc.pis);
  contribuicao(imposto, 'COFINS', calc.cofins);
  if (calc.difal) icmsUfDestino(imposto, calc.difal);
  if (calc.ibsCbs) ibsCbs(imposto, calc.ibsCbs);
}

/** ICMSTot of the note: the same decimals as the `totais` object, field for field. */
function total(inf: No, t: TotaisDecimais): void {
  const tot = inf.ele('total');
  const x = tot.ele('ICMSTot');
  const zero = '0.00';
  campo(x, 'vBC', v2(t.vBC));
  campo(x, 'vICMS', v2(t.vICMS));
  campo(x, 'vICMSDeson', zero);
  if (t.difal) {
    campo(x, 'vFCPUFDest', v2(t.difal.vFCPUFDest));
    campo(x, 'vICMSUFDest', v2(t.difal.vICMSUFDest));
    campo(x, 'vICMSUFRemet', v2(t.difal.vICMSUFRemet));
  }
  campo(x, 'vFCP', zero);
  campo(x, 'vBCST', v2(t.vBCST));
  campo(x, 'vST', v2(t.vST));
  campo(x, 'vFCPST', zero);
  campo(x, 'vFCPSTRet', zero);
  campo(x, 'vProd', v2(t.vProd));
  campo(x, 'vFrete', v2(t.vFrete));
  campo(x, 'vSeg', v2(t.vSeg));
  campo(x, 'vDesc', v2(t.vDesc));
  campo(x, 'vII', v2(t.vII));
  campo(x, 'vIPI', v2(t.vIPI));
  campo(x, 'vIPIDevol', zero);
  campo(x, 'vPIS', v2(t.vPIS));
  campo(x, 'vCOFINS', v2(t.vCOFINS));
  campo(x, 'vOutro', v2(t.vOutro));
  campo(x, 'vNF', v2(t.vNF));
  const ib = t.ibsCbs;
  if (!ib) return;
  // IBSCBSTot (TIBSCBSMonoTot): no deferral, returned tax or presumed credit in this API, so those are 0.
  const y = tot.ele('IBSCBSTot');
  campo(y, 'vBCIBSCBS', v2(ib.vBCIBSCBS));
  const gIBS = y.ele('gIBS');
  const gUf = gIBS.ele('gIBSUF');
  campo(gUf, 'vDif', zero);
  campo(gUf, 'vDevTrib', zero);
  campo(gUf, 'vIBSUF', v2(ib.vIBSUF));
  const gMun = gIBS.ele('gIBSMun');
  campo(gMun, 'vDif', zero);
  campo(gMun, 'vDevTrib', zero);
  campo(gMun, 'vIBSMun', v2(ib.vIBSMun));
  campo(gIBS, 'vIBS', v2(ib.vIBS));
  campo(gIBS, 'vCredPres', zero);
  campo(gIBS, 'vCredPresCondSus', zero);
  const gCBS = y.ele('gCBS');
  campo(gCBS, 'vDif', zero);
  campo(gCBS, 'vDevTrib', zero);
  campo(gCBS, 'vCBS', v2(ib.vCBS));
  campo(gCBS, 'vCredPres', zero);
  campo(gCBS, 'vCredPresCondSus', zero);
  // Required with IBSCBSTot (NT 2025.002 W60-05, rejection 1004); in 2026 the same as vNF. Its type
  // (TDec_1302Opc) cannot hold zero, so a note of total 0 (items of quantity 0) goes without it.
  if (!ib.vNFTot.isZero()) campo(tot, 'vNFTot', v2(ib.vNFTot));
}

function pag(inf: No, nota: NotaPreenchida): void {
  const x = inf.ele('pag');
  for (const p of pagamentosEfetivos(nota.pagamentos)) {
    const dp = x.ele('detPag');
    campo(dp, 'indPag', p.indicador_pagamento);
    campo(dp, 'tPag', p.forma_pagamento);
    campo(dp, 'xPag', texto(p.descricao));
    campo(dp, 'vPag', formatarValor(p.valor ?? '0'));
    campo(dp, 'dPag', p.data);
    if (p.cnpj_transacional && p.uf_transacional) {
      campo(dp, 'CNPJPag', normalizarCnpj(p.cnpj_transacional));
      campo(dp, 'UFPag', p.uf_transacional);
    }
    const c = p.cartao;
    if (c) {
      const card = dp.ele('card');
      campo(card, 'tpIntegra', c.tipo_integracao);
      campo(card, 'CNPJ', c.cnpj_credenciadora ? normalizarCnpj(c.cnpj_credenciadora) : undefined);
      campo(card, 'tBand', c.bandeira);
      campo(card, 'cAut', texto(c.codigo_autorizacao));
      campo(card, 'CNPJReceb', c.cnpj_recebedor ? normalizarCnpj(c.cnpj_recebedor) : undefined);
      campo(card, 'idTermPag', texto(c.id_terminal));
    }
  }
  if (nota.pagamentos?.length && nota.troco) campo(x, 'vTroco', formatarValor(nota.troco));
}

/**
 * The unsigned NF-e 4.00 (model 55) document: `<NFe><infNFe>…</infNFe></NFe>` with an XML declaration.
 * Sign it with assinarXml(xml, { tagAssinada: 'infNFe', … }) and validate the signed result.
 * Throws when the key does not match the issuer, series, number or month (a caller bug, not user input).
 */
export function montarXmlNfe(dados: DadosNfe): string {
  const { empresa, nota, identificacao } = dados;
  const chave = lerChaveAcesso(identificacao.chaveAcesso);
  if (!chave) throw new Error(`Chave de acesso inválida: ${identificacao.chaveAcesso}`);
  const dhEmi = formatarDataHoraSefaz(identificacao.dataEmissao, offsetDaUf(empresa.endereco.uf));
  const esperado = {
    cUF: codigoUf(empresa.endereco.uf),
    anoMes: anoMesDaChave(dhEmi),
    cnpj: normalizarCnpj(empresa.cnpj),
    modelo: MODELO_NFE,
    serie: identificacao.serie,
    numero: identificacao.numero,
  };
  for (const [k, v] of Object.entries(esperado)) {
    if (chave[k as keyof typeof esperado] !== v)
      throw new Error(`A chave de acesso não corresponde à nota (${k}: ${String(chave[k as keyof typeof esperado])} ≠ ${String(v)})`);
  }
  const calculo = dados.calculo ?? calcularNota(nota, empresa, identificacao.dataEmissao);

  const nfe = new ElementoXml('NFe', { xmlns: NAMESPACE_NFE });
  const inf = nfe.ele('infNFe', { Id: `NFe${chave.chave}`, versao: VERSAO_NFE });
  ide(inf, dados, chave, dhEmi);
  emit(inf, empresa);
  dest(inf, dados);
  for (const item of calculo.itens) det(inf, item);
  total(inf, calculo.totaisDecimais);
  inf.ele('transp').ele('modFrete').txt('9'); // 9 = sem ocorrência de transporte: the API has no freight data
  pag(inf, nota);
  if (nota.intermediador?.cnpj && nota.intermediador.identificador_cadastro) {
    const im = inf.ele('infIntermed');
    campo(im, 'CNPJ', normalizarCnpj(nota.intermediador.cnpj));
    campo(im, 'idCadIntTran', texto(nota.intermediador.identificador_cadastro));
  }
  // The Simples Nacional's statements first (Res. CGSN 140/2018 art. 59), then the integrator's text.
  const infCpl = informacoesComplementaresDaNota(empresa.regime_tributario, texto(nota.informacoes_complementares));
  if (infCpl) inf.ele('infAdic').ele('infCpl').txt(infCpl);
  const rt = identificacao.responsavelTecnico;
  if (rt) {
    const x = inf.ele('infRespTec');
    campo(x, 'CNPJ', normalizarCnpj(rt.cnpj));
    campo(x, 'xContato', texto(rt.contato));
    campo(x, 'email', texto(rt.email));
    campo(x, 'fone', somenteDigitos(rt.telefone));
    if (rt.csrt) {
      campo(x, 'idCSRT', rt.csrt.id);
      campo(x, 'hashCSRT', hashCsrt(rt.csrt.codigo, chave.chave));
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>${nfe.paraTexto()}`;
}
