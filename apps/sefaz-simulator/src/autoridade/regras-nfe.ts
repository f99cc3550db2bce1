import {
  aliquotaInterestadual,
  aliquotaInterestadualDaRota,
  aliquotasIbsCbsEm,
  CFOPS_FORA_DO_TETO_INTERESTADUAL,
  ORIGENS_IMPORTADAS,
  absFixo,
  arredondarFixo,
  CASAS_FIXAS,
  classificacaoTributariaNfe,
  CODIGOS_ICMS_EXIGEM_CEST,
  csosnRecusadoParaNaoContribuinte,
  CST_IBS_CBS_PADRAO,
  CST_IBS_CBS_REDUCAO,
  type CsrtConfigurado,
  type DecimalFixo,
  ehUf,
  exigeResponsavelTecnico,
  lerDataHoraSefaz,
  hashCsrt,
  inscricaoEstadualConfereComUf,
  lerChaveAcesso,
  type NoXml,
  nosNomeados,
  formatarFixo,
  lerDecimalFixo,
  primeiroNo,
  rejeicaoDaSaida,
  rejeicaoDoCfopNaFinalidade,
  textoNo,
  type Uf,
  ufDoCodigo,
  ufDoMunicipio,
  validarCnpj,
  validarCpf,
} from '@emissor/fiscal-domain';

/**
 * The content rules of a real SEFAZ that this simulator enforces, in the order the authorities apply
 * them (structure and parties before arithmetic), each with the cStat of its source:
 *
 * | cStat | rule | source |
 * |---|---|---|
 * | 972 | no infRespTec in a state that requires it | NT 2018.005 (tabelas/responsavel-tecnico.ts) |
 * | 978 | hashCSRT ≠ base64(SHA-1(CSRT + chave)), for a state whose CSRT the simulator knows | NT 2018.005 v1.20, rule ZD09-10 "Hash do CSRT diverge do calculado" (oobj.com.br/bc/?p=1154 and ajuda.invoisys.com.br, read 24/11/2026) |
 * | 207, 401 / 208, 237 | the issuer's CNPJ, CPF / the recipient's CNPJ, CPF with wrong check digits | MOC 4.00 |
 * | 209 / 210 | the issuer's / the recipient's IE not of its address's state (form and check digits) | MOC 4.00; the states' rules in SINTEGRA's roteiro (identificadores/inscricao-estadual.ts) |
 * | 270-279 | a municipality code (cMunFG, the issuer's, the recipient's, retirada, entrega) with a wrong IBGE check digit, or of another state | MOC 4.00; NT 2008.004 (the nine codes whose digit is irregular) |
 * | 504 / 505 / 506 | dhSaiEnt more than 30 days after / before dhEmi / a saída's before dhEmi | MOC 4.00, B10 |
 * | 254 / 321 | finalidade 2 or 3 / 4 without NFref; 321 spares the return CFOPs 1201, 1202, 1410, 1411, 5921, 6921 | MOC 4.00; NT 2025.002-RTC v1.31 (11/2025) rule VC02-14 (exception from NT 2013/005 v1.20) |
 * | 547 | a referenced key's check digit | MOC 4.00 |
 * | 255 | a complementar (finNFe 2) with more than one NFref | MOC 4.00 |
 * | 327 / 328 | finNFe 4 with a CFOP not of a devolução (1949/2949 from a non-taxpayer allowed) / a devolução CFOP with finNFe 1 or 3 | NT 2013/005 v1.22 Anexo XI.01, NT 2015/002 v1.40 |
 * | 600 | a saída to a non-taxpayer (indIEDest 9) with a CSOSN other than 102, 103, 300, 400, 500 (repair and in-state demonstration CFOPs spared) | NT 2015.003, rule N12a-70 (as transcribed by oobj.com.br/bc and tecnospeed, read 29/11/2026) |
 * | 806 | an item under ICMS-ST without CEST: CST 10, 30, 60, 70, CSOSN 201, 202, 203, 500; 90 and 900 with vICMSST; not ICMSPart | NT 2015.003 (as transcribed by oobj.com.br/bc and invoisys, read 29/11/2026) |
 * | 694 / 695 / 698 / 693 | ICMSUFDest missing when due / present when not / pICMSInter not the route's / pICMS above the interstate rate | NT 2015.003; MOC 4.00 |
 * | 663 / 693 | any interstate saída: pICMS of imported goods above 4 % / of a normal note above the route's 7 % or 12 % (returns, annulments, venda à ordem spared) | NT 2015.003 v1.80, rules N16-04 and 693 (as transcribed by oobj.com.br/bc, read 29/11/2026) |
 * | 564, 531, 532, 533, 534, 610 | ICMSTot against the items | MOC 4.00, W rules |
 * | 1115 | regime 3 without IBSCBS (only with SIMULADOR_EXIGIR_IBS_CBS) | NT 2025.002 v1.31 UB12-10 |
 * | 1024 / 1025 | cClassTrib of another CST / under CST 200, a code the NF-e table does not hold (not for model 55) | UB14-20 / UB14-25 |
 * | 1104 | gIBSCBS/vBC ≠ the sum of its parts | UB16-10 (the NT still marks it "implementação futura"; applied here because the product computes it that way) |
 * | 1026 / 1036 / 1037 | pIBSUF / pIBSMun / pCBS not the rate of the issue date | UB18-10 / UB37-10 / UB56-10 |
 * | 1033 / 1074 / 1079 | CST 200 without gRed in gIBSUF / gIBSMun / gCBS | UB26-20 / UB45-20 / UB64-20 |
 * | 1032 / 1007 / 1028 | gRed in that part under CST 000 | UB26-10 / UB45-10 / UB64-10 |
 * | 1034 / 1046 / 1063 | pRedAliq not the cClassTrib's pRedIBS (UF, Mun) / pRedCBS | UB27-10 / UB46-10 / UB65-10 |
 * | 1035 / 1047 / 1064 | pAliqEfet ≠ p × (1 − pRedAliq / 100), 4 places | UB28-10 / UB47-10 / UB66-10 |
 * | 1041 / 1052 / 1069 | vIBSUF / vIBSMun / vCBS ≠ vBC × rate (pAliqEfet under gRed), beyond ±0.01 | UB35-10 / UB54-10 / UB67-10 |
 * | 1150 | vIBS ≠ vIBSUF + vIBSMun | UB54a-10 |
 * | 1118 / 1119 | IBSCBSTot without any IBSCBS item / missing while an item has IBSCBS | W34-10 / W34-20 |
 * | 1076, 1080, 1084, 1085, 1091 | IBSCBSTot vBCIBSCBS, vIBSUF, vIBSMun, vIBS, vCBS ≠ the items' sums | W35-10, W41-10, W46-10, W47-10, W56-10 |
 * | 1004 / 1094 | vNFTot missing / ≠ the sum of the items' totals (vNF in 2026: VB01-10 exceção 1) | W60-05 / W60-10 |
 *
 * NT 2025.002-RTC v1.31 read in a public conversion of the PDF (Nicolasirrigpenapolis/SistemaIrrigacao5X,
 * IRRIG/notatecnica.md, 14/11/2025), read 24/11/2026; the gRed rules (UB26-UB28, UB45-UB47, UB64-UB66) read
 * there on 28/11/2026 and checked against a transcription of v1.52 of 09/2026 (pupunha-dev/reforma-tributaria,
 * nt-2025-002-rtc-v1.52-vigente.txt): the same codes and formulas. Returns the first rule broken, or null.
 */
export interface RegraQuebrada {
  cStat: string;
  detalhe?: string;
}

export interface OpcoesRegrasNfe {
  /** Reject a regime-3 (CRT 3) note without IBSCBS in every item (the NT's announced rule). */
  exigirIbsCbs: boolean;
  /** The CSRT this SEFAZ gave for each state (RESPONSAVEL_TECNICO_CSRT_<UF>). */
  csrtPorUf: Partial<Record<Uf, CsrtConfigurado>>;
}

/** CFOPs of returns that need no referenced document in a devolução (VC02-14, NT 2013/005 v1.20). */
const CFOPS_DEVOLUCAO_SEM_REFERENCIA = ['1201', '1202', '1410', '1411', '5921', '6921'];
/** NT 2025.002 UB35-10, UB54-10, UB67-10: "Aceitar uma tolerância de 0,01 a mais ou a menos". */
const TOLERANCIA_IBS_CBS = lerDecimalFixo('0.01');

// The figures are read as exact fixed-point integers (DecimalFixo): the document's values are final, so
// reading, adding and comparing them needs no decimal.js (a tenth of its cost here).
const valor = (grupo: NoXml | null | undefined, tag: string): DecimalFixo => {
  const t = textoNo(grupo, tag);
  return t ? lerDecimalFixo(t) : 0n;
};
const somar = (valores: DecimalFixo[]) => valores.reduce((s, v) => s + v, 0n);
const somaItens = (itens: Item[], grupo: (item: Item) => NoXml | null, tag: string) => somar(itens.map((i) => valor(grupo(i), tag)));
const texto2 = (x: DecimalFixo) => formatarFixo(x, 2);

/** The groups of one `det` the rules read, each taken out of the item once (a rule reads several per item). */
interface Item {
  det: NoXml;
  prod: NoXml | null;
  /** `ICMS` of the item's imposto (its one child group), and the others of imposto by name. */
  icms: NoXml | null;
  icmsUfDest: NoXml | null;
  ibsCbs: NoXml | null;
  /** gIBSCBS inside IBSCBS. */
  gIbsCbs: NoXml | null;
  pis: NoXml | null;
  cofins: NoXml | null;
  ii: NoXml | null;
}

function lerItem(det: NoXml): Item {
  const imp = primeiroNo(det, 'imposto');
  const ibsCbs = primeiroNo(imp, 'IBSCBS');
  return {
    det,
    prod: primeiroNo(det, 'prod'),
    icms: primeiroNo(imp, 'ICMS'),
    icmsUfDest: primeiroNo(imp, 'ICMSUFDest'),
    ibsCbs,
    gIbsCbs: primeiroNo(ibsCbs, 'gIBSCBS'),
    pis: primeiroNo(imp, 'PIS'),
    cofins: primeiroNo(imp, 'COFINS'),
    ii: primeiroNo(det, 'II'),
  };
}

/** `inf` is the note's infNFe read once into a tree (`lerArvoreXml`): the rules ask it some 400 questions. */
export function verificarRegrasNfe(inf: NoXml, opcoes: OpcoesRegrasNfe, chave: string): RegraQuebrada | null {
  const ide = primeiroNo(inf, 'ide');
  const emit = primeiroNo(inf, 'emit');
  const dest = primeiroNo(inf, 'dest');
  const itens = nosNomeados(inf, 'det').map(lerItem);
  const total = primeiroNo(inf, 'total');
  const icmsTot = primeiroNo(total, 'ICMSTot');
  const campo = (no: NoXml | null, tag: string) => textoNo(no, tag) ?? '';

  // 972: the issuer's state requires the technical contact; 978: its hashCSRT, when we know the state's CSRT.
  const uf = ufDoCodigo(campo(ide, 'cUF'));
  const respTec = primeiroNo(inf, 'infRespTec');
  if (uf && exigeResponsavelTecnico(uf) && !respTec) return { cStat: '972' };
  const csrt = uf ? opcoes.csrtPorUf[uf] : undefined;
  const hashInformado = textoNo(respTec, 'hashCSRT');
  if (csrt && hashInformado !== null && hashInformado !== hashCsrt(csrt.codigo, chave))
    return { cStat: '978', detalhe: `idCSRT:${campo(respTec, 'idCSRT')}` };

  const documento = verificarDocumentos(emit, dest);
  if (documento) return documento;
  const municipio = verificarMunicipios(inf, ide, emit, dest);
  if (municipio) return municipio;

  // 504 / 505 / 506: dhSaiEnt against dhEmi (MOC 4.00, B10).
  const dhEmi = lerDataHoraSefaz(campo(ide, 'dhEmi'));
  const dhSaiEnt = textoNo(ide, 'dhSaiEnt');
  const saida = dhSaiEnt ? lerDataHoraSefaz(dhSaiEnt) : null;
  const rejeicaoSaida = dhEmi && saida ? rejeicaoDaSaida(saida, dhEmi, campo(ide, 'tpNF') === '0' ? 0 : 1) : null;
  if (rejeicaoSaida) return { cStat: rejeicaoSaida, detalhe: `dhSaiEnt ${dhSaiEnt}` };

  const referencia = verificarReferencias(ide, itens, textoNo(dest, 'indIEDest') === '9');
  if (referencia) return referencia;
  const icmsDoItem = verificarIcmsDoItem(ide, dest, itens);
  if (icmsDoItem) return icmsDoItem;

  // 694: DIFAL due and not informed.
  const difalDevido = campo(ide, 'idDest') === '2' && campo(ide, 'indFinal') === '1' && campo(dest, 'indIEDest') === '9';
  if (difalDevido) {
    const sem = itens.findIndex((i) => !i.icmsUfDest);
    if (sem >= 0) return { cStat: '694', detalhe: `nItem:${sem + 1}` };
    // 698: the interstate rate must be the route's (Senado res. 22/1989) or 4 % for imported goods;
    // 693: the origin's own ICMS may not exceed it (EC 87/2015).
    const ufOrigem = ufDoCodigo(campo(ide, 'cUF'));
    const ufDestino = campo(primeiroNo(dest, 'enderDest'), 'UF');
    if (ufOrigem && ehUf(ufDestino)) {
      const errada = itens.findIndex((i) => {
        const origem = Number(textoNo(i.icms, 'orig') ?? '0');
        const p = valor(i.icmsUfDest, 'pICMSInter');
        return p !== lerDecimalFixo(aliquotaInterestadual(origem, ufOrigem, ufDestino)) * 100n;
      });
      if (errada >= 0) return { cStat: '698', detalhe: `nItem:${errada + 1}` };
    }
    const acima = itens.findIndex((i) => valor(i.icms, 'pICMS') > valor(i.icmsUfDest, 'pICMSInter'));
    if (acima >= 0) return { cStat: '693', detalhe: `nItem:${acima + 1}` };
  } else {
    const indevido = itens.findIndex((i) => i.icmsUfDest);
    if (indevido >= 0) return { cStat: '695', detalhe: `nItem:${indevido + 1}` };
  }
  const teto = verificarTetoInterestadual(ide, dest, itens);
  if (teto) return teto;

  // ICMSTot against the items.
  const prod = (i: Item) => i.prod;
  const icms = (i: Item) => i.icms;
  const lidos = new Map<string, DecimalFixo>();
  const t = (tag: string) => {
    let v = lidos.get(tag);
    if (v === undefined) lidos.set(tag, (v = valor(icmsTot, tag)));
    return v;
  };
  const confere = (cStat: string, tag: string, soma: DecimalFixo) =>
    t(tag) === soma ? null : { cStat, detalhe: `${tag} ${texto2(t(tag))} ≠ ${texto2(soma)}` };
  const totais =
    confere('564', 'vProd', somaItens(itens, prod, 'vProd')) ??
    confere('531', 'vBC', somaItens(itens, icms, 'vBC')) ??
    confere('532', 'vICMS', somaItens(itens, icms, 'vICMS')) ??
    confere('533', 'vBCST', somaItens(itens, icms, 'vBCST')) ??
    confere('534', 'vST', somaItens(itens, icms, 'vICMSST'));
  if (totais) return totais;
  const vNF =
    t('vProd') -
    t('vDesc') -
    t('vICMSDeson') +
    t('vST') +
    t('vFCPST') +
    t('vFrete') +
    t('vSeg') +
    t('vOutro') +
    t('vII') +
    t('vIPI') +
    t('vIPIDevol');
  // NT 2013.005: not subtracting vICMSDeson is tolerated.
  if (t('vNF') !== vNF && t('vNF') !== vNF + t('vICMSDeson')) return { cStat: '610', detalhe: `vNF ${texto2(t('vNF'))} ≠ ${texto2(vNF)}` };

  return verificarIbsCbs(ide, emit, itens, total, t('vNF'), opcoes);
}

/** 806: an item under ICMS-ST without its CEST; 600: a CSOSN a saída to a non-taxpayer may not carry (codigos-tributarios.ts). */
function verificarIcmsDoItem(ide: NoXml | null, dest: NoXml | null, itens: Item[]): RegraQuebrada | null {
  const saidaANaoContribuinte = textoNo(ide, 'tpNF') === '1' && textoNo(dest, 'indIEDest') === '9';
  for (const [n, item] of itens.entries()) {
    const csosn = textoNo(item.icms, 'CSOSN');
    const codigo = textoNo(item.icms, 'CST') ?? csosn ?? '';
    const comSt =
      (CODIGOS_ICMS_EXIGEM_CEST as readonly string[]).includes(codigo) ||
      ((codigo === '90' || codigo === '900') && textoNo(item.icms, 'vICMSST') !== null);
    if (comSt && !primeiroNo(item.icms, 'ICMSPart') && !textoNo(item.prod, 'CEST')) return { cStat: '806', detalhe: `nItem:${n + 1}` };
    if (saidaANaoContribuinte && csosn && csosnRecusadoParaNaoContribuinte(csosn, textoNo(item.prod, 'CFOP') ?? ''))
      return { cStat: '600', detalhe: `nItem:${n + 1}` };
  }
  return null;
}

/** 207 / 401: the issuer's CNPJ / CPF; 208 / 237: the recipient's; check digits (the CNPJ numeric or alphanumeric). */
/** Codes of ICMS whose pICMS rule 663 judges (N16-04). */
const CST_TETO_IMPORTADOS = ['00', '10', '20', '70', '90'];
const QUATRO_POR_CENTO = lerDecimalFixo('4.00');

/**
 * 663 / 693: the own ICMS rate (pICMS) of an interstate saída above the rate the Senate fixed. 663 (rule N16-04):
 * imported goods (orig 1, 2, 3, 8) under CST 00, 10, 20, 70, 90 above 4 %, unless a devolução (finNFe 4); 693:
 * a normal note (finNFe 1) above the route's 7 % or 12 %. Neither for the returns, annulments and venda à ordem
 * CFOPs (NT 2015.003 v1.80).
 */
function verificarTetoInterestadual(ide: NoXml | null, dest: NoXml | null, itens: Item[]): RegraQuebrada | null {
  if (textoNo(ide, 'idDest') !== '2' || textoNo(ide, 'tpNF') !== '1') return null;
  const finalidade = textoNo(ide, 'finNFe');
  const ufOrigem = ufDoCodigo(textoNo(ide, 'cUF') ?? '');
  const ufDestino = textoNo(primeiroNo(dest, 'enderDest'), 'UF');
  if (!ufOrigem || !ehUf(ufDestino)) return null;
  const tetoDaRota = lerDecimalFixo(aliquotaInterestadualDaRota(ufOrigem, ufDestino)) * 100n;
  for (const [n, item] of itens.entries()) {
    const pICMS = textoNo(item.icms, 'pICMS');
    if (pICMS === null || CFOPS_FORA_DO_TETO_INTERESTADUAL.includes(textoNo(item.prod, 'CFOP') ?? '')) continue;
    const p = lerDecimalFixo(pICMS);
    const importada = ORIGENS_IMPORTADAS.includes(Number(textoNo(item.icms, 'orig') ?? '0'));
    if (importada && finalidade !== '4' && CST_TETO_IMPORTADOS.includes(textoNo(item.icms, 'CST') ?? '') && p > QUATRO_POR_CENTO)
      return { cStat: '663', detalhe: `nItem:${n + 1}` };
    if (finalidade === '1' && p > tetoDaRota) return { cStat: '693', detalhe: `nItem:${n + 1}` };
  }
  return null;
}

function verificarDocumentos(emit: NoXml | null, dest: NoXml | null): RegraQuebrada | null {
  const documentos: [documento: string | null, valido: (d: string) => boolean, cStat: string][] = [
    [textoNo(emit, 'CNPJ'), validarCnpj, '207'],
    [textoNo(emit, 'CPF'), validarCpf, '401'],
    [textoNo(dest, 'CNPJ'), validarCnpj, '208'],
    [textoNo(dest, 'CPF'), validarCpf, '237'],
  ];
  for (const [documento, valido, cStat] of documentos) if (documento !== null && !valido(documento)) return { cStat, detalhe: documento };
  return verificarInscricoesEstaduais(emit, dest);
}

/** 209 / 210: the issuer's / the recipient's IE is not one its address's state could have issued (form and check digits). */
function verificarInscricoesEstaduais(emit: NoXml | null, dest: NoXml | null): RegraQuebrada | null {
  const inscricoes: [ie: string | null, uf: string | null, cStat: string][] = [
    [textoNo(emit, 'IE'), textoNo(primeiroNo(emit, 'enderEmit'), 'UF'), '209'],
    [textoNo(dest, 'IE'), textoNo(primeiroNo(dest, 'enderDest'), 'UF'), '210'],
  ];
  for (const [ie, uf, cStat] of inscricoes) {
    if (ie !== null && !inscricaoEstadualConfereComUf(ie, uf)) return { cStat, detalhe: `IE ${ie}, UF ${uf}` };
  }
  return null;
}

/**
 * 270-279: each municipality code names a municipality (IBGE's check digit, or one of NT 2008.004's nine
 * exceptions) of the state it goes with: cMunFG and the issuer's cMun the issuer's state, the recipient's,
 * the pick-up's and the delivery's their address's UF. A foreign recipient (UF EX) has 9999999, not checked here.
 */
function verificarMunicipios(inf: NoXml, ide: NoXml | null, emit: NoXml | null, dest: NoXml | null): RegraQuebrada | null {
  const enderEmit = primeiroNo(emit, 'enderEmit');
  const ufEmitente = textoNo(enderEmit, 'UF');
  const enderDest = primeiroNo(dest, 'enderDest');
  const retirada = primeiroNo(inf, 'retirada');
  const entrega = primeiroNo(inf, 'entrega');
  const codigos: [codigo: string | null, cStatDigito: string, cStatUf: string, uf: string | null][] = [
    [textoNo(ide, 'cMunFG'), '270', '271', ufEmitente],
    [textoNo(enderEmit, 'cMun'), '272', '273', ufEmitente],
    [textoNo(enderDest, 'UF') === 'EX' ? null : textoNo(enderDest, 'cMun'), '274', '275', textoNo(enderDest, 'UF')],
    [textoNo(retirada, 'cMun'), '276', '277', textoNo(retirada, 'UF')],
    [textoNo(entrega, 'cMun'), '278', '279', textoNo(entrega, 'UF')],
  ];
  for (const [codigo, cStatDigito, cStatUf, uf] of codigos) {
    if (codigo === null) continue;
    const doCodigo = ufDoMunicipio(codigo);
    if (!doCodigo) return { cStat: cStatDigito, detalhe: `cMun ${codigo}` };
    if (uf !== null && doCodigo !== uf) return { cStat: cStatUf, detalhe: `cMun ${codigo} (${doCodigo}), UF ${uf}` };
  }
  return null;
}

/** 254 / 321: finalidade 2 or 3 / 4 without a referenced document; 547: a referenced key's check digit. */
function verificarReferencias(ide: NoXml | null, itens: Item[], destinatarioNaoContribuinte: boolean): RegraQuebrada | null {
  const finalidade = textoNo(ide, 'finNFe') ?? '';
  const referencias = nosNomeados(ide, 'NFref');
  if (!referencias.length && (finalidade === '2' || finalidade === '3')) return { cStat: '254', detalhe: `finNFe=${finalidade}` };
  if (!referencias.length && finalidade === '4') {
    // VC02-14: the reference may also be per item (DFeReferenciado); return CFOPs need none.
    const semReferencia = itens.findIndex(
      (i) => !primeiroNo(i.det, 'DFeReferenciado') && !CFOPS_DEVOLUCAO_SEM_REFERENCIA.includes(textoNo(i.prod, 'CFOP') ?? ''),
    );
    if (semReferencia >= 0) return { cStat: '321', detalhe: `nItem:${semReferencia + 1}` };
  }
  if (finalidade === '2' && referencias.length > 1) return { cStat: '255', detalhe: `${referencias.length} NFref` };
  for (const ref of referencias) {
    const chave = textoNo(ref, 'refNFe');
    if (chave !== null && !lerChaveAcesso(chave)) return { cStat: '547', detalhe: chave };
  }
  return verificarCfopsDaFinalidade(finalidade, itens, destinatarioNaoContribuinte);
}

/**
 * 327: a devolução (finNFe 4) with an item whose CFOP is not of a devolução (1.949 / 2.949 allowed for one from a
 * recipient who is not a taxpayer); 328: a devolução CFOP on a note that is neither a devolução nor a complementar.
 * Lists: NT 2013/005 v1.22 Anexo XI.01.
 */
function verificarCfopsDaFinalidade(finalidade: string, itens: Item[], naoContribuinte: boolean): RegraQuebrada | null {
  for (const [n, item] of itens.entries()) {
    const cfop = textoNo(item.prod, 'CFOP') ?? '';
    const cStat = rejeicaoDoCfopNaFinalidade(cfop, Number(finalidade), naoContribuinte);
    if (cStat) return { cStat, detalhe: `nItem:${n + 1}; CFOP ${cfop}` };
  }
  return null;
}

function verificarIbsCbs(
  ide: NoXml | null,
  emit: NoXml | null,
  itens: Item[],
  total: NoXml | null,
  vNF: DecimalFixo,
  opcoes: OpcoesRegrasNfe,
): RegraQuebrada | null {
  const grupos = itens.map((i) => i.ibsCbs);
  if (opcoes.exigirIbsCbs && textoNo(emit, 'CRT') === '3') {
    const sem = grupos.findIndex((g) => !g);
    if (sem >= 0) return { cStat: '1115', detalhe: `nItem:${sem + 1}` };
  }
  const tot = primeiroNo(total, 'IBSCBSTot');
  if (!grupos.some(Boolean)) return tot ? { cStat: '1118' } : null;
  const taxas = aliquotasIbsCbsEm((textoNo(ide, 'dhEmi') ?? '').slice(0, 10));

  for (let i = 0; i < itens.length; i++) {
    const classificacao = verificarClassificacao(itens[i].ibsCbs, `nItem:${i + 1}`);
    if ('cStat' in classificacao) return classificacao;
    const g = itens[i].gIbsCbs;
    if (!g) continue;
    const quebrada = verificarItemIbsCbs(itens[i], g, taxas, classificacao, `nItem:${i + 1}`);
    if (quebrada) return quebrada;
  }

  if (!tot) return { cStat: '1119' };
  const itensG = itens.map((i) => i.gIbsCbs);
  const soma = (sub: string | null, tag: string) => somar(itensG.map((g) => valor(sub ? primeiroNo(g, sub) : g, tag)));
  const gIBS = primeiroNo(tot, 'gIBS');
  const comparacoes: [string, string, DecimalFixo, DecimalFixo][] = [
    ['1076', 'vBCIBSCBS', valor(tot, 'vBCIBSCBS'), soma(null, 'vBC')],
    ['1080', 'vIBSUF', valor(primeiroNo(gIBS, 'gIBSUF'), 'vIBSUF'), soma('gIBSUF', 'vIBSUF')],
    ['1084', 'vIBSMun', valor(primeiroNo(gIBS, 'gIBSMun'), 'vIBSMun'), soma('gIBSMun', 'vIBSMun')],
    ['1085', 'vIBS', valor(gIBS, 'vIBS'), soma(null, 'vIBS')],
    ['1091', 'vCBS', valor(primeiroNo(tot, 'gCBS'), 'vCBS'), soma('gCBS', 'vCBS')],
  ];
  for (const [cStat, tag, informado, somado] of comparacoes) {
    if (informado !== somado) return { cStat, detalhe: `${tag} ${texto2(informado)} ≠ ${texto2(somado)}` };
  }
  const esperado = vNF + (taxas?.compoeTotal ? valor(gIBS, 'vIBS') + valor(primeiroNo(tot, 'gCBS'), 'vCBS') : 0n);
  const vNFTot = textoNo(total, 'vNFTot');
  // Its type (TDec_1302Opc) cannot hold zero, so a note of total 0 cannot carry it.
  if (vNFTot === null) return esperado === 0n ? null : { cStat: '1004' };
  if (lerDecimalFixo(vNFTot) !== esperado) return { cStat: '1094', detalhe: `vNFTot ${vNFTot} ≠ ${texto2(esperado)}` };
  return null;
}

/**
 * 1024 (UB14-20): the cClassTrib of another CST. Under CST 200 the code must be one of the NF-e table, whose
 * reduction its gRed carries: a code missing from it is refused with 1025 (UB14-25, not for model 55),
 * the table holding only the model-55 codes (a code that does not exist at all gets 1023 from SEFAZ).
 */
function verificarClassificacao(ibsCbs: NoXml | null, nItem: string): RegraQuebrada | Classificacao {
  const cst = textoNo(ibsCbs, 'CST') ?? '';
  if (!ibsCbs) return { cst };
  const cClassTrib = textoNo(ibsCbs, 'cClassTrib') ?? '';
  if (cClassTrib.slice(0, 3) !== cst) return { cStat: '1024', detalhe: `${nItem}; CST ${cst}, cClassTrib ${cClassTrib}` };
  if (cst !== CST_IBS_CBS_REDUCAO) return { cst };
  const reducao = classificacaoTributariaNfe(cClassTrib)?.reducao;
  if (!reducao) return { cStat: '1025', detalhe: `${nItem}; cClassTrib ${cClassTrib}` };
  return { cst, reducao: { ibs: lerDecimalFixo(reducao.ibs), cbs: lerDecimalFixo(reducao.cbs) } };
}

/** An item's CST of IBS/CBS and, under CST 200, its cClassTrib's reductions (pRedIBS, pRedCBS). */
interface Classificacao {
  cst: string;
  reducao?: { ibs: DecimalFixo; cbs: DecimalFixo };
}

/**
 * Each part's gRed (NT 2025.002 UB26/UB45/UB64 -10 and -20, UB27/UB46/UB65-10, UB28/UB47/UB66-10): required
 * under CST 200, refused under CST 000 (full taxation; government purchases, the other use of gRed, are
 * not simulated); pRedAliq the cClassTrib's reduction; pAliqEfet = p × (1 − pRedAliq / 100) to 4 places,
 * half-up. The effective rate, or the part's own, is then what the value is checked against.
 */
function verificarReducao(
  grupo: NoXml | null,
  p: DecimalFixo,
  cst: string,
  reducaoDaTabela: DecimalFixo | undefined,
  cStats: ParteIbsCbs['cStat'],
  nItem: string,
): RegraQuebrada | { aliquota: DecimalFixo } {
  const gRed = primeiroNo(grupo, 'gRed');
  if (!gRed) return cst === CST_IBS_CBS_REDUCAO ? { cStat: cStats.ausente, detalhe: nItem } : { aliquota: p };
  if (cst === CST_IBS_CBS_PADRAO) return { cStat: cStats.indevido, detalhe: nItem };
  const pRedAliq = valor(gRed, 'pRedAliq');
  if (reducaoDaTabela !== undefined && pRedAliq !== reducaoDaTabela)
    return { cStat: cStats.percentual, detalhe: `${nItem}; pRedAliq ${formatarFixo(pRedAliq, 4)}` };
  const calculada = arredondarFixo(p * (CEM - pRedAliq), 2 * CASAS_FIXAS, 4, 100n);
  const pAliqEfet = valor(gRed, 'pAliqEfet');
  if (pAliqEfet !== calculada)
    return { cStat: cStats.efetiva, detalhe: `${nItem}; pAliqEfet ${formatarFixo(pAliqEfet, 4)} ≠ ${formatarFixo(calculada, 4)}` };
  return { aliquota: pAliqEfet };
}

/**
 * The three parts of gIBSCBS, each with its tags, the reduction of the cClassTrib it takes and the cStat of
 * each of its rules: the rate of the date, gRed refused / missing, pRedAliq, pAliqEfet, the value.
 */
interface ParteIbsCbs {
  grupo: 'gIBSUF' | 'gIBSMun' | 'gCBS';
  tagP: 'pIBSUF' | 'pIBSMun' | 'pCBS';
  tagV: 'vIBSUF' | 'vIBSMun' | 'vCBS';
  reducao: 'ibs' | 'cbs';
  cStat: { aliquota: string; indevido: string; ausente: string; percentual: string; efetiva: string; valor: string };
}
const PARTES_IBS_CBS: readonly ParteIbsCbs[] = [
  {
    grupo: 'gIBSUF',
    tagP: 'pIBSUF',
    tagV: 'vIBSUF',
    reducao: 'ibs',
    cStat: { aliquota: '1026', indevido: '1032', ausente: '1033', percentual: '1034', efetiva: '1035', valor: '1041' },
  },
  {
    grupo: 'gIBSMun',
    tagP: 'pIBSMun',
    tagV: 'vIBSMun',
    reducao: 'ibs',
    cStat: { aliquota: '1036', indevido: '1007', ausente: '1074', percentual: '1046', efetiva: '1047', valor: '1052' },
  },
  {
    grupo: 'gCBS',
    tagP: 'pCBS',
    tagV: 'vCBS',
    reducao: 'cbs',
    cStat: { aliquota: '1037', indevido: '1028', ausente: '1079', percentual: '1063', efetiva: '1064', valor: '1069' },
  },
];
const CEM = lerDecimalFixo('100');

/** One item's gIBSCBS: base, the rates of the date, each part's gRed, the values (±0.01) and vIBS, in the NT's order. */
function verificarItemIbsCbs(
  item: Item,
  g: NoXml,
  taxas: ReturnType<typeof aliquotasIbsCbsEm>,
  { cst, reducao }: Classificacao,
  nItem: string,
): RegraQuebrada | null {
  const { prod, icms, icmsUfDest: ufDest, pis, cofins } = item;
  // UB16-10: vProd + vServ + vFrete + vSeg + vOutro + vII − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest −
  // vFCP − vFCPUFDest − vICMSMono − vISSQN (not below zero).
  const base =
    valor(prod, 'vProd') +
    valor(prod, 'vFrete') +
    valor(prod, 'vSeg') +
    valor(prod, 'vOutro') +
    valor(item.ii, 'vII') -
    valor(prod, 'vDesc') -
    valor(pis, 'vPIS') -
    valor(cofins, 'vCOFINS') -
    valor(icms, 'vICMS') -
    valor(ufDest, 'vICMSUFDest') -
    valor(icms, 'vFCP') -
    valor(ufDest, 'vFCPUFDest');
  const vBC = valor(g, 'vBC');
  if (vBC !== (base < 0n ? 0n : base)) return { cStat: '1104', detalhe: `${nItem}; vBC ${texto2(vBC)} ≠ ${texto2(base)}` };
  for (const parte of PARTES_IBS_CBS) {
    const { tagP, tagV, cStat } = parte;
    const grupo = primeiroNo(g, parte.grupo);
    const p = valor(grupo, tagP);
    const vigente = taxas?.[tagP];
    if (vigente === undefined || p !== lerDecimalFixo(vigente)) return { cStat: cStat.aliquota, detalhe: `${nItem}; ${tagP} ${texto2(p)}` };
    const efetiva = verificarReducao(grupo, p, cst, reducao?.[parte.reducao], cStat, nItem);
    if ('cStat' in efetiva) return efetiva;
    // vBC × the rate (the effective one under gRed) %, rounded half-up to the centavo.
    const calculado = arredondarFixo(vBC * efetiva.aliquota, 2 * CASAS_FIXAS, 2, 100n);
    const informado = valor(grupo, tagV);
    if (absFixo(informado - calculado) > TOLERANCIA_IBS_CBS)
      return { cStat: cStat.valor, detalhe: `${nItem}; ${tagV} ${texto2(informado)} ≠ ${texto2(calculado)}` };
    // UB54a-10 comes right after the municipal part, before the CBS.
    if (tagV === 'vIBSMun' && valor(g, 'vIBS') !== valor(primeiroNo(g, 'gIBSUF'), 'vIBSUF') + informado)
      return { cStat: '1150', detalhe: `${nItem}; vIBS` };
  }
  return null;
}
