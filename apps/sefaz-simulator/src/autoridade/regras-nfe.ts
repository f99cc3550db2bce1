import {
  aliquotaInterestadual,
  aliquotasIbsCbsEm,
  dec,
  ehUf,
  exigeResponsavelTecnico,
  extrairElemento,
  extrairElementos,
  lerChaveAcesso,
  somar,
  textoElemento,
  ufDoCodigo,
  ZERO,
  type Decimal,
} from '@emissor/fiscal-domain';

/**
 * The content rules a real SEFAZ applies to an NF-e that this simulator enforces, in the order the
 * authorities apply them (structure and parties before arithmetic), each with its cStat:
 *  - 972: no infRespTec in a state that requires it (NT 2018.005);
 *  - 254 / 321: finalidade 2 or 3 / 4 without a referenced document; 547: a referenced key's check digit;
 *  - 694: an interstate sale to a final consumer who is not a taxpayer without ICMSUFDest (NT 2015.003);
 *    695: ICMSUFDest in any other note; 698: an interstate rate that is not the route's;
 *  - 564, 531, 532, 533, 534, 610: ICMSTot against the items (MOC 4.00, W rules);
 *  - IBS/CBS (NT 2025.002): 1115 group missing (only with SIMULADOR_EXIGIR_IBS_CBS, on regime 3),
 *    1104 base, 1105 rate of the date, 1106 values, 1107 IBSCBSTot against the items, 1004 vNFTot
 *    missing, 1108 vNFTot.
 * Returns the first rule broken, or null.
 */
export interface RegraQuebrada {
  cStat: string;
  detalhe?: string;
}

export interface OpcoesRegrasNfe {
  /** Reject a regime-3 (CRT 3) note without IBSCBS in every item (the NT's announced rule). */
  exigirIbsCbs: boolean;
}

const valor = (xml: string | null | undefined, tag: string): Decimal => {
  const t = xml ? textoElemento(xml, tag) : null;
  return t ? dec(t) : ZERO;
};
const centavos = (d: Decimal) => d.toDecimalPlaces(2, 4 /* ROUND_HALF_UP */);
const somaItens = (dets: string[], grupo: (det: string) => string | null, tag: string) => somar(dets.map((d) => valor(grupo(d), tag)));

/** The element `ICMS` of an item (its one child group), `ICMSUFDest`, `IBSCBS`... of the item's imposto. */
const imposto = (det: string, nome: string) => {
  const imp = extrairElemento(det, 'imposto');
  return imp ? extrairElemento(imp, nome) : null;
};

export function verificarRegrasNfe(inf: string, opcoes: OpcoesRegrasNfe): RegraQuebrada | null {
  const ide = extrairElemento(inf, 'ide') ?? '';
  const emit = extrairElemento(inf, 'emit') ?? '';
  const dest = extrairElemento(inf, 'dest') ?? '';
  const dets = extrairElementos(inf, 'det');
  const total = extrairElemento(inf, 'total') ?? '';
  const icmsTot = extrairElemento(total, 'ICMSTot') ?? '';
  const campo = (xml: string, tag: string) => textoElemento(xml, tag) ?? '';

  // 972: the issuer's state requires the technical contact.
  const uf = ufDoCodigo(campo(ide, 'cUF'));
  if (uf && exigeResponsavelTecnico(uf) && !extrairElemento(inf, 'infRespTec')) return { cStat: '972' };

  // Referenced documents.
  const finalidade = campo(ide, 'finNFe');
  const referencias = extrairElementos(ide, 'NFref');
  if (!referencias.length && (finalidade === '2' || finalidade === '3')) return { cStat: '254', detalhe: `finNFe=${finalidade}` };
  if (!referencias.length && finalidade === '4') return { cStat: '321' };
  for (const ref of referencias) {
    const chave = textoElemento(ref, 'refNFe');
    if (chave !== null && !lerChaveAcesso(chave)) return { cStat: '547', detalhe: chave };
  }

  // 694: DIFAL due and not informed.
  const difalDevido = campo(ide, 'idDest') === '2' && campo(ide, 'indFinal') === '1' && campo(dest, 'indIEDest') === '9';
  if (difalDevido) {
    const sem = dets.findIndex((d) => !imposto(d, 'ICMSUFDest'));
    if (sem >= 0) return { cStat: '694', detalhe: `nItem:${sem + 1}` };
    // 698: the interstate rate must be the route's (Senado res. 22/1989) or 4 % for imported goods.
    const ufOrigem = ufDoCodigo(campo(ide, 'cUF'));
    const ufDestino = campo(extrairElemento(dest, 'enderDest') ?? '', 'UF');
    if (ufOrigem && ehUf(ufDestino)) {
      const errada = dets.findIndex((d) => {
        const origem = Number(textoElemento(imposto(d, 'ICMS') ?? '', 'orig') ?? '0');
        const p = valor(imposto(d, 'ICMSUFDest'), 'pICMSInter');
        return !p.eq(dec(aliquotaInterestadual(origem, ufOrigem, ufDestino)).times(100));
      });
      if (errada >= 0) return { cStat: '698', detalhe: `nItem:${errada + 1}` };
    }
  } else {
    const indevido = dets.findIndex((d) => imposto(d, 'ICMSUFDest'));
    if (indevido >= 0) return { cStat: '695', detalhe: `nItem:${indevido + 1}` };
  }

  // ICMSTot against the items.
  const prod = (d: string) => extrairElemento(d, 'prod');
  const icms = (d: string) => imposto(d, 'ICMS');
  const confere = (cStat: string, tag: string, soma: Decimal) => (valor(icmsTot, tag).eq(soma) ? null : { cStat, detalhe: `${tag} ${valor(icmsTot, tag).toFixed(2)} ≠ ${soma.toFixed(2)}` });
  const totais =
    confere('564', 'vProd', somaItens(dets, prod, 'vProd')) ??
    confere('531', 'vBC', somaItens(dets, icms, 'vBC')) ??
    confere('532', 'vICMS', somaItens(dets, icms, 'vICMS')) ??
    confere('533', 'vBCST', somaItens(dets, icms, 'vBCST')) ??
    confere('534', 'vST', somaItens(dets, icms, 'vICMSST'));
  if (totais) return totais;
  const t = (tag: string) => valor(icmsTot, tag);
  const vNF = t('vProd').minus(t('vDesc')).minus(t('vICMSDeson')).plus(t('vST')).plus(t('vFCPST')).plus(t('vFrete')).plus(t('vSeg'))
    .plus(t('vOutro')).plus(t('vII')).plus(t('vIPI')).plus(t('vIPIDevol'));
  // NT 2013.005: not subtracting vICMSDeson is tolerated.
  if (!t('vNF').eq(vNF) && !t('vNF').eq(vNF.plus(t('vICMSDeson')))) return { cStat: '610', detalhe: `vNF ${t('vNF').toFixed(2)} ≠ ${vNF.toFixed(2)}` };

  return verificarIbsCbs(ide, emit, dets, total, icmsTot, opcoes);
}

function verificarIbsCbs(ide: string, emit: string, dets: string[], total: string, icmsTot: string, opcoes: OpcoesRegrasNfe): RegraQuebrada | null {
  const grupos = dets.map((d) => imposto(d, 'IBSCBS'));
  if (opcoes.exigirIbsCbs && textoElemento(emit, 'CRT') === '3') {
    const sem = grupos.findIndex((g) => !g);
    if (sem >= 0) return { cStat: '1115', detalhe: `nItem:${sem + 1}` };
  }
  if (!grupos.some(Boolean)) return null;
  const taxas = aliquotasIbsCbsEm((textoElemento(ide, 'dhEmi') ?? '').slice(0, 10));

  for (let i = 0; i < dets.length; i++) {
    const g = grupos[i] && extrairElemento(grupos[i] as string, 'gIBSCBS');
    if (!g) continue;
    const det = dets[i];
    const nItem = `nItem:${i + 1}`;
    const prod = extrairElemento(det, 'prod');
    const icms = extrairElemento(extrairElemento(det, 'imposto') ?? '', 'ICMS');
    const ufDest = extrairElemento(extrairElemento(det, 'imposto') ?? '', 'ICMSUFDest');
    const pis = extrairElemento(extrairElemento(det, 'imposto') ?? '', 'PIS');
    const cofins = extrairElemento(extrairElemento(det, 'imposto') ?? '', 'COFINS');
    // NT 2025.002 base: vProd + vServ + vFrete + vSeg + vOutro + vII − vDesc − vPIS − vCOFINS − vICMS −
    // vICMSUFDest − vFCP − vFCPUFDest − vICMSMono − vISSQN (not below zero).
    const base = ['vProd', 'vFrete', 'vSeg', 'vOutro'].reduce((s, tag) => s.plus(valor(prod, tag)), ZERO)
      .plus(valor(extrairElemento(det, 'II'), 'vII'))
      .minus(valor(prod, 'vDesc')).minus(valor(pis, 'vPIS')).minus(valor(cofins, 'vCOFINS')).minus(valor(icms, 'vICMS'))
      .minus(valor(ufDest, 'vICMSUFDest')).minus(valor(icms, 'vFCP')).minus(valor(ufDest, 'vFCPUFDest'));
    const vBC = valor(g, 'vBC');
    if (!vBC.eq(base.lt(0) ? ZERO : base)) return { cStat: '1104', detalhe: `${nItem}; vBC ${vBC.toFixed(2)} ≠ ${base.toFixed(2)}` };
    const uf = extrairElemento(g, 'gIBSUF');
    const mun = extrairElemento(g, 'gIBSMun');
    const cbs = extrairElemento(g, 'gCBS');
    const aliquotas: [string, string | null, string, string | undefined][] = [
      ['pIBSUF', uf, 'vIBSUF', taxas?.pIBSUF],
      ['pIBSMun', mun, 'vIBSMun', taxas?.pIBSMun],
      ['pCBS', cbs, 'vCBS', taxas?.pCBS],
    ];
    for (const [tagP, grupo, tagV, vigente] of aliquotas) {
      const p = valor(grupo, tagP);
      if (vigente === undefined || !p.eq(dec(vigente))) return { cStat: '1105', detalhe: `${nItem}; ${tagP} ${p.toFixed(2)}` };
      if (!valor(grupo, tagV).eq(centavos(vBC.times(p).div(100)))) return { cStat: '1106', detalhe: `${nItem}; ${tagV}` };
    }
    if (!valor(g, 'vIBS').eq(valor(uf, 'vIBSUF').plus(valor(mun, 'vIBSMun')))) return { cStat: '1106', detalhe: `${nItem}; vIBS` };
  }

  const tot = extrairElemento(total, 'IBSCBSTot');
  if (!tot) return { cStat: '1107', detalhe: 'IBSCBSTot ausente' };
  const itensG = grupos.map((g) => (g ? extrairElemento(g, 'gIBSCBS') : null));
  const soma = (sub: string | null, tag: string) => somar(itensG.map((g) => valor(g && sub ? extrairElemento(g, sub) : g, tag)));
  const gIBS = extrairElemento(tot, 'gIBS');
  const comparacoes: [string, Decimal, Decimal][] = [
    ['vBCIBSCBS', valor(tot, 'vBCIBSCBS'), soma(null, 'vBC')],
    ['vIBSUF', valor(extrairElemento(gIBS ?? '', 'gIBSUF'), 'vIBSUF'), soma('gIBSUF', 'vIBSUF')],
    ['vIBSMun', valor(extrairElemento(gIBS ?? '', 'gIBSMun'), 'vIBSMun'), soma('gIBSMun', 'vIBSMun')],
    ['vIBS', valor(gIBS, 'vIBS'), soma(null, 'vIBS')],
    ['vCBS', valor(extrairElemento(tot, 'gCBS'), 'vCBS'), soma('gCBS', 'vCBS')],
  ];
  for (const [tag, informado, somado] of comparacoes) {
    if (!informado.eq(somado)) return { cStat: '1107', detalhe: `${tag} ${informado.toFixed(2)} ≠ ${somado.toFixed(2)}` };
  }
  const vNFTot = textoElemento(total, 'vNFTot');
  if (vNFTot === null) return { cStat: '1004' };
  const esperado = valor(icmsTot, 'vNF').plus(taxas?.compoeTotal ? valor(gIBS, 'vIBS').plus(valor(extrairElemento(tot, 'gCBS'), 'vCBS')) : ZERO);
  if (!dec(vNFTot).eq(esperado)) return { cStat: '1108', detalhe: `vNFTot ${vNFTot} ≠ ${esperado.toFixed(2)}` };
  return null;
}
