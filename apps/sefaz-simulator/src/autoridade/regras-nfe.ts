import {
  aliquotaInterestadual,
  aliquotasIbsCbsEm,
  type CsrtConfigurado,
  dec,
  ehUf,
  exigeResponsavelTecnico,
  extrairElemento,
  extrairElementos,
  hashCsrt,
  lerChaveAcesso,
  somar,
  textoElemento,
  type Uf,
  ufDoCodigo,
  ZERO,
  type Decimal,
} from '@emissor/fiscal-domain';

/**
 * The content rules of a real SEFAZ that this simulator enforces, in the order the authorities apply
 * them (structure and parties before arithmetic), each with the cStat of its source:
 *
 * | cStat | rule | source |
 * |---|---|---|
 * | 972 | no infRespTec in a state that requires it | NT 2018.005 (tabelas/responsavel-tecnico.ts) |
 * | 978 | hashCSRT ≠ base64(SHA-1(CSRT + chave)), for a state whose CSRT the simulator knows | NT 2018.005 v1.20, rule ZD09-10 "Hash do CSRT diverge do calculado" (oobj.com.br/bc/?p=1154 and ajuda.invoisys.com.br, read 24/11/2026) |
 * | 254 / 321 | finalidade 2 or 3 / 4 without NFref; 321 spares the return CFOPs 1201, 1202, 1410, 1411, 5921, 6921 | MOC 4.00; NT 2025.002-RTC v1.31 (11/2025) rule VC02-14 (exception from NT 2013/005 v1.20) |
 * | 547 | a referenced key's check digit | MOC 4.00 |
 * | 694 / 695 / 698 / 693 | ICMSUFDest missing when due / present when not / pICMSInter not the route's / pICMS above the interstate rate | NT 2015.003; MOC 4.00 |
 * | 564, 531, 532, 533, 534, 610 | ICMSTot against the items | MOC 4.00, W rules |
 * | 1115 | regime 3 without IBSCBS (only with SIMULADOR_EXIGIR_IBS_CBS) | NT 2025.002 v1.31 UB12-10 |
 * | 1104 | gIBSCBS/vBC ≠ the sum of its parts | UB16-10 (the NT still marks it "implementação futura"; applied here because the product computes it that way) |
 * | 1026 / 1036 / 1037 | pIBSUF / pIBSMun / pCBS not the rate of the issue date | UB18-10 / UB37-10 / UB56-10 |
 * | 1041 / 1052 / 1069 | vIBSUF / vIBSMun / vCBS ≠ vBC × rate, beyond ±0.01 | UB35-10 / UB54-10 / UB67-10 |
 * | 1150 | vIBS ≠ vIBSUF + vIBSMun | UB54a-10 |
 * | 1118 / 1119 | IBSCBSTot without any IBSCBS item / missing while an item has IBSCBS | W34-10 / W34-20 |
 * | 1076, 1080, 1084, 1085, 1091 | IBSCBSTot vBCIBSCBS, vIBSUF, vIBSMun, vIBS, vCBS ≠ the items' sums | W35-10, W41-10, W46-10, W47-10, W56-10 |
 * | 1004 / 1094 | vNFTot missing / ≠ the sum of the items' totals (vNF in 2026: VB01-10 exceção 1) | W60-05 / W60-10 |
 *
 * NT 2025.002-RTC v1.31 read in a public conversion of the PDF (Nicolasirrigpenapolis/SistemaIrrigacao5X,
 * IRRIG/notatecnica.md, 14/11/2025), read 24/11/2026. Returns the first rule broken, or null.
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
const TOLERANCIA_IBS_CBS = dec('0.01');

const valor = (xml: string | null | undefined, tag: string): Decimal => {
  const t = xml ? textoElemento(xml, tag) : null;
  return t ? dec(t) : ZERO;
};
const centavos = (d: Decimal) => d.toDecimalPlaces(2, 4 /* ROUND_HALF_UP */);
const somaItens = (itens: Item[], grupo: (item: Item) => string | null, tag: string) => somar(itens.map((i) => valor(grupo(i), tag)));

/** The groups of one `det` the rules read, each taken out of the item once (a rule reads several per item). */
interface Item {
  det: string;
  prod: string | null;
  /** `ICMS` of the item's imposto (its one child group), and the others of imposto by name. */
  icms: string | null;
  icmsUfDest: string | null;
  ibsCbs: string | null;
  /** gIBSCBS inside IBSCBS. */
  gIbsCbs: string | null;
  pis: string | null;
  cofins: string | null;
  ii: string | null;
}

function lerItem(det: string): Item {
  const imp = extrairElemento(det, 'imposto');
  const doImposto = (nome: string) => (imp ? extrairElemento(imp, nome) : null);
  const ibsCbs = doImposto('IBSCBS');
  return {
    det,
    prod: extrairElemento(det, 'prod'),
    icms: doImposto('ICMS'),
    icmsUfDest: doImposto('ICMSUFDest'),
    ibsCbs,
    gIbsCbs: ibsCbs ? extrairElemento(ibsCbs, 'gIBSCBS') : null,
    pis: doImposto('PIS'),
    cofins: doImposto('COFINS'),
    ii: extrairElemento(det, 'II'),
  };
}

export function verificarRegrasNfe(inf: string, opcoes: OpcoesRegrasNfe, chave: string): RegraQuebrada | null {
  const ide = extrairElemento(inf, 'ide') ?? '';
  const emit = extrairElemento(inf, 'emit') ?? '';
  const dest = extrairElemento(inf, 'dest') ?? '';
  const itens = extrairElementos(inf, 'det').map(lerItem);
  const total = extrairElemento(inf, 'total') ?? '';
  const icmsTot = extrairElemento(total, 'ICMSTot') ?? '';
  const campo = (xml: string, tag: string) => textoElemento(xml, tag) ?? '';

  // 972: the issuer's state requires the technical contact; 978: its hashCSRT, when we know the state's CSRT.
  const uf = ufDoCodigo(campo(ide, 'cUF'));
  const respTec = extrairElemento(inf, 'infRespTec');
  if (uf && exigeResponsavelTecnico(uf) && !respTec) return { cStat: '972' };
  const csrt = uf ? opcoes.csrtPorUf[uf] : undefined;
  const hashInformado = respTec ? textoElemento(respTec, 'hashCSRT') : null;
  if (csrt && hashInformado !== null && hashInformado !== hashCsrt(csrt.codigo, chave))
    return { cStat: '978', detalhe: `idCSRT:${textoElemento(respTec ?? '', 'idCSRT') ?? ''}` };

  const referencia = verificarReferencias(ide, itens);
  if (referencia) return referencia;

  // 694: DIFAL due and not informed.
  const difalDevido = campo(ide, 'idDest') === '2' && campo(ide, 'indFinal') === '1' && campo(dest, 'indIEDest') === '9';
  if (difalDevido) {
    const sem = itens.findIndex((i) => !i.icmsUfDest);
    if (sem >= 0) return { cStat: '694', detalhe: `nItem:${sem + 1}` };
    // 698: the interstate rate must be the route's (Senado res. 22/1989) or 4 % for imported goods;
    // 693: the origin's own ICMS may not exceed it (EC 87/2015).
    const ufOrigem = ufDoCodigo(campo(ide, 'cUF'));
    const ufDestino = campo(extrairElemento(dest, 'enderDest') ?? '', 'UF');
    if (ufOrigem && ehUf(ufDestino)) {
      const errada = itens.findIndex((i) => {
        const origem = Number(textoElemento(i.icms ?? '', 'orig') ?? '0');
        const p = valor(i.icmsUfDest, 'pICMSInter');
        return !p.eq(dec(aliquotaInterestadual(origem, ufOrigem, ufDestino)).times(100));
      });
      if (errada >= 0) return { cStat: '698', detalhe: `nItem:${errada + 1}` };
    }
    const acima = itens.findIndex((i) => valor(i.icms, 'pICMS').gt(valor(i.icmsUfDest, 'pICMSInter')));
    if (acima >= 0) return { cStat: '693', detalhe: `nItem:${acima + 1}` };
  } else {
    const indevido = itens.findIndex((i) => i.icmsUfDest);
    if (indevido >= 0) return { cStat: '695', detalhe: `nItem:${indevido + 1}` };
  }

  // ICMSTot against the items.
  const prod = (i: Item) => i.prod;
  const icms = (i: Item) => i.icms;
  const lidos = new Map<string, Decimal>();
  const t = (tag: string) => {
    let v = lidos.get(tag);
    if (!v) lidos.set(tag, (v = valor(icmsTot, tag)));
    return v;
  };
  const confere = (cStat: string, tag: string, soma: Decimal) =>
    t(tag).eq(soma) ? null : { cStat, detalhe: `${tag} ${t(tag).toFixed(2)} ≠ ${soma.toFixed(2)}` };
  const totais =
    confere('564', 'vProd', somaItens(itens, prod, 'vProd')) ??
    confere('531', 'vBC', somaItens(itens, icms, 'vBC')) ??
    confere('532', 'vICMS', somaItens(itens, icms, 'vICMS')) ??
    confere('533', 'vBCST', somaItens(itens, icms, 'vBCST')) ??
    confere('534', 'vST', somaItens(itens, icms, 'vICMSST'));
  if (totais) return totais;
  const vNF = t('vProd')
    .minus(t('vDesc'))
    .minus(t('vICMSDeson'))
    .plus(t('vST'))
    .plus(t('vFCPST'))
    .plus(t('vFrete'))
    .plus(t('vSeg'))
    .plus(t('vOutro'))
    .plus(t('vII'))
    .plus(t('vIPI'))
    .plus(t('vIPIDevol'));
  // NT 2013.005: not subtracting vICMSDeson is tolerated.
  if (!t('vNF').eq(vNF) && !t('vNF').eq(vNF.plus(t('vICMSDeson'))))
    return { cStat: '610', detalhe: `vNF ${t('vNF').toFixed(2)} ≠ ${vNF.toFixed(2)}` };

  return verificarIbsCbs(ide, emit, itens, total, t('vNF'), opcoes);
}

/** 254 / 321: finalidade 2 or 3 / 4 without a referenced document; 547: a referenced key's check digit. */
function verificarReferencias(ide: string, itens: Item[]): RegraQuebrada | null {
  const finalidade = textoElemento(ide, 'finNFe') ?? '';
  const referencias = extrairElementos(ide, 'NFref');
  if (!referencias.length && (finalidade === '2' || finalidade === '3')) return { cStat: '254', detalhe: `finNFe=${finalidade}` };
  if (!referencias.length && finalidade === '4') {
    // VC02-14: the reference may also be per item (DFeReferenciado); return CFOPs need none.
    const semReferencia = itens.findIndex(
      (i) =>
        !extrairElemento(i.det, 'DFeReferenciado') && !CFOPS_DEVOLUCAO_SEM_REFERENCIA.includes(textoElemento(i.prod ?? '', 'CFOP') ?? ''),
    );
    if (semReferencia >= 0) return { cStat: '321', detalhe: `nItem:${semReferencia + 1}` };
  }
  for (const ref of referencias) {
    const chave = textoElemento(ref, 'refNFe');
    if (chave !== null && !lerChaveAcesso(chave)) return { cStat: '547', detalhe: chave };
  }
  return null;
}

function verificarIbsCbs(
  ide: string,
  emit: string,
  itens: Item[],
  total: string,
  vNF: Decimal,
  opcoes: OpcoesRegrasNfe,
): RegraQuebrada | null {
  const grupos = itens.map((i) => i.ibsCbs);
  if (opcoes.exigirIbsCbs && textoElemento(emit, 'CRT') === '3') {
    const sem = grupos.findIndex((g) => !g);
    if (sem >= 0) return { cStat: '1115', detalhe: `nItem:${sem + 1}` };
  }
  const tot = extrairElemento(total, 'IBSCBSTot');
  if (!grupos.some(Boolean)) return tot ? { cStat: '1118' } : null;
  const taxas = aliquotasIbsCbsEm((textoElemento(ide, 'dhEmi') ?? '').slice(0, 10));

  for (let i = 0; i < itens.length; i++) {
    const g = itens[i].gIbsCbs;
    if (!g) continue;
    const quebrada = verificarItemIbsCbs(itens[i], g, taxas, `nItem:${i + 1}`);
    if (quebrada) return quebrada;
  }

  if (!tot) return { cStat: '1119' };
  const itensG = itens.map((i) => i.gIbsCbs);
  const soma = (sub: string | null, tag: string) => somar(itensG.map((g) => valor(g && sub ? extrairElemento(g, sub) : g, tag)));
  const gIBS = extrairElemento(tot, 'gIBS');
  const comparacoes: [string, string, Decimal, Decimal][] = [
    ['1076', 'vBCIBSCBS', valor(tot, 'vBCIBSCBS'), soma(null, 'vBC')],
    ['1080', 'vIBSUF', valor(extrairElemento(gIBS ?? '', 'gIBSUF'), 'vIBSUF'), soma('gIBSUF', 'vIBSUF')],
    ['1084', 'vIBSMun', valor(extrairElemento(gIBS ?? '', 'gIBSMun'), 'vIBSMun'), soma('gIBSMun', 'vIBSMun')],
    ['1085', 'vIBS', valor(gIBS, 'vIBS'), soma(null, 'vIBS')],
    ['1091', 'vCBS', valor(extrairElemento(tot, 'gCBS'), 'vCBS'), soma('gCBS', 'vCBS')],
  ];
  for (const [cStat, tag, informado, somado] of comparacoes) {
    if (!informado.eq(somado)) return { cStat, detalhe: `${tag} ${informado.toFixed(2)} ≠ ${somado.toFixed(2)}` };
  }
  const esperado = vNF.plus(taxas?.compoeTotal ? valor(gIBS, 'vIBS').plus(valor(extrairElemento(tot, 'gCBS'), 'vCBS')) : ZERO);
  const vNFTot = textoElemento(total, 'vNFTot');
  // Its type (TDec_1302Opc) cannot hold zero, so a note of total 0 cannot carry it.
  if (vNFTot === null) return esperado.isZero() ? null : { cStat: '1004' };
  if (!dec(vNFTot).eq(esperado)) return { cStat: '1094', detalhe: `vNFTot ${vNFTot} ≠ ${esperado.toFixed(2)}` };
  return null;
}

/** One item's gIBSCBS: base, the rates of the date, the values (±0.01) and vIBS, in the NT's order. */
function verificarItemIbsCbs(item: Item, g: string, taxas: ReturnType<typeof aliquotasIbsCbsEm>, nItem: string): RegraQuebrada | null {
  const { prod, icms, icmsUfDest: ufDest, pis, cofins } = item;
  // UB16-10: vProd + vServ + vFrete + vSeg + vOutro + vII − vDesc − vPIS − vCOFINS − vICMS − vICMSUFDest −
  // vFCP − vFCPUFDest − vICMSMono − vISSQN (not below zero).
  const base = ['vProd', 'vFrete', 'vSeg', 'vOutro']
    .reduce((s, tag) => s.plus(valor(prod, tag)), ZERO)
    .plus(valor(item.ii, 'vII'))
    .minus(valor(prod, 'vDesc'))
    .minus(valor(pis, 'vPIS'))
    .minus(valor(cofins, 'vCOFINS'))
    .minus(valor(icms, 'vICMS'))
    .minus(valor(ufDest, 'vICMSUFDest'))
    .minus(valor(icms, 'vFCP'))
    .minus(valor(ufDest, 'vFCPUFDest'));
  const vBC = valor(g, 'vBC');
  if (!vBC.eq(base.lt(0) ? ZERO : base)) return { cStat: '1104', detalhe: `${nItem}; vBC ${vBC.toFixed(2)} ≠ ${base.toFixed(2)}` };
  const uf = extrairElemento(g, 'gIBSUF');
  const mun = extrairElemento(g, 'gIBSMun');
  const cbs = extrairElemento(g, 'gCBS');
  const partes: [string, string, string | null, string, string, string | undefined][] = [
    ['1026', '1041', uf, 'pIBSUF', 'vIBSUF', taxas?.pIBSUF],
    ['1036', '1052', mun, 'pIBSMun', 'vIBSMun', taxas?.pIBSMun],
    ['1037', '1069', cbs, 'pCBS', 'vCBS', taxas?.pCBS],
  ];
  for (const [cStatAliquota, cStatValor, grupo, tagP, tagV, vigente] of partes) {
    const p = valor(grupo, tagP);
    if (vigente === undefined || !p.eq(dec(vigente))) return { cStat: cStatAliquota, detalhe: `${nItem}; ${tagP} ${p.toFixed(2)}` };
    const calculado = centavos(vBC.times(p).div(100));
    if (valor(grupo, tagV).minus(calculado).abs().gt(TOLERANCIA_IBS_CBS))
      return { cStat: cStatValor, detalhe: `${nItem}; ${tagV} ${valor(grupo, tagV).toFixed(2)} ≠ ${calculado.toFixed(2)}` };
    // UB54a-10 comes right after the municipal part, before the CBS.
    if (tagV === 'vIBSMun' && !valor(g, 'vIBS').eq(valor(uf, 'vIBSUF').plus(valor(mun, 'vIBSMun'))))
      return { cStat: '1150', detalhe: `${nItem}; vIBS` };
  }
  return null;
}
