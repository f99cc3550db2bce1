import { XMLParser } from 'fast-xml-parser';

/**
 * The parts of an authorized nfeProc the DANFE prints, read with a real XML parser. Values stay
 * the strings SEFAZ authorized (never numbers), so what is printed is exactly what was signed.
 */
export interface EnderecoLido {
  logradouro?: string;
  numero?: string;
  complemento?: string;
  bairro?: string;
  municipio?: string;
  uf?: string;
  cep?: string;
  pais?: string;
  telefone?: string;
}

export interface ItemLido {
  numero: string;
  codigo: string;
  descricao: string;
  informacaoAdicional?: string;
  ncm?: string;
  cest?: string;
  cfop?: string;
  unidade?: string;
  quantidade: string;
  valorUnitario: string;
  valorTotal: string;
  valorDesconto?: string;
  origem?: string;
  /** CST (regime normal) or CSOSN (Simples Nacional). */
  situacaoTributaria?: string;
  baseIcms?: string;
  valorIcms?: string;
  aliquotaIcms?: string;
  valorIpi?: string;
  aliquotaIpi?: string;
}

export interface NfeLida {
  chaveAcesso: string;
  ide: {
    uf?: string;
    naturezaOperacao: string;
    modelo?: string;
    serie: string;
    numero: string;
    dataEmissao: string;
    dataSaidaEntrada?: string;
    /** 0 entrada, 1 saída. */
    tipoOperacao: string;
    tipoEmissao?: string;
    /** Contingency (tpEmis 6/7 SVC): when it started and why (ide/dhCont, ide/xJust). */
    dataContingencia?: string;
    justificativaContingencia?: string;
    /** 1 produção, 2 homologação. */
    ambiente: string;
    finalidade?: string;
  };
  emitente: {
    documento: string;
    nome: string;
    fantasia?: string;
    endereco: EnderecoLido;
    ie?: string;
    ieSt?: string;
    im?: string;
    crt?: string;
  };
  destinatario?: {
    documento?: string;
    nome?: string;
    endereco?: EnderecoLido;
    ie?: string;
    email?: string;
  };
  itens: ItemLido[];
  totais: Record<string, string>;
  transporte: {
    modalidade?: string;
    transportador?: { documento?: string; nome?: string; ie?: string; endereco?: string; municipio?: string; uf?: string };
    veiculo?: { placa?: string; uf?: string; rntc?: string };
    volumes: { quantidade?: string; especie?: string; marca?: string; numeracao?: string; pesoLiquido?: string; pesoBruto?: string }[];
  };
  cobranca?: {
    fatura?: { numero?: string; valorOriginal?: string; valorDesconto?: string; valorLiquido?: string };
    duplicatas: { numero?: string; vencimento?: string; valor?: string }[];
  };
  pagamentos: { indicador?: string; forma: string; descricao?: string; valor: string; bandeira?: string; autorizacao?: string }[];
  troco?: string;
  informacoesFisco?: string;
  informacoesComplementares?: string;
  /** IBSCBSTot (NT 2025.002), when the note carries it: the DANFE shows it in the additional information. */
  ibsCbs?: { base: string; ibsUf: string; ibsMun: string; ibs: string; cbs: string; totalComIbsCbs?: string };
  protocolo?: { numero?: string; dataRecebimento?: string; ambiente?: string; status?: string };
}

/** Elements that may repeat: always read as arrays, even with a single occurrence. */
const REPETIDOS = new Set(['det', 'detPag', 'dup', 'vol', 'lacres', 'obsCont', 'obsFisco', 'reboque']);

const leitor = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // Strings only: "0010" must stay "0010" and "1.50" must not become 1.5.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (nome) => REPETIDOS.has(nome),
  // The signature is large and irrelevant here.
  stopNodes: ['*.Signature'],
});

type No = Record<string, unknown>;
const no = (v: unknown): No => (v && typeof v === 'object' ? (v as No) : {});
const lista = (v: unknown): No[] => (Array.isArray(v) ? v.map(no) : v ? [no(v)] : []);
function texto(v: unknown): string | undefined {
  if (typeof v === 'string') return v === '' ? undefined : v;
  if (typeof v === 'number') return String(v);
  const t = no(v)['#text'];
  return typeof t === 'string' && t !== '' ? t : undefined;
}
/** The only child of a choice group (ICMS00, ICMSSN102, IPITrib...). */
const unicoFilho = (v: unknown): No => no(Object.values(no(v)).find((x) => x && typeof x === 'object'));

function endereco(e: unknown): EnderecoLido {
  const x = no(e);
  return {
    logradouro: texto(x.xLgr),
    numero: texto(x.nro),
    complemento: texto(x.xCpl),
    bairro: texto(x.xBairro),
    municipio: texto(x.xMun),
    uf: texto(x.UF),
    cep: texto(x.CEP),
    pais: texto(x.xPais),
    telefone: texto(x.fone),
  };
}

const documento = (x: No) => texto(x.CNPJ) ?? texto(x.CPF) ?? texto(x.idEstrangeiro);

function item(det: No): ItemLido {
  const prod = no(det.prod);
  const imposto = no(det.imposto);
  const icms = unicoFilho(imposto.ICMS);
  const ipi = no(imposto.IPI);
  const ipiTrib = no(ipi.IPITrib);
  return {
    numero: texto(det['@nItem']) ?? '',
    codigo: texto(prod.cProd) ?? '',
    descricao: texto(prod.xProd) ?? '',
    informacaoAdicional: texto(det.infAdProd),
    ncm: texto(prod.NCM),
    cest: texto(prod.CEST),
    cfop: texto(prod.CFOP),
    unidade: texto(prod.uCom),
    quantidade: texto(prod.qCom) ?? '0',
    valorUnitario: texto(prod.vUnCom) ?? '0',
    valorTotal: texto(prod.vProd) ?? '0',
    valorDesconto: texto(prod.vDesc),
    origem: texto(icms.orig),
    situacaoTributaria: texto(icms.CST) ?? texto(icms.CSOSN),
    baseIcms: texto(icms.vBC),
    valorIcms: texto(icms.vICMS),
    aliquotaIcms: texto(icms.pICMS),
    valorIpi: texto(ipiTrib.vIPI),
    aliquotaIpi: texto(ipiTrib.pIPI),
  };
}

/** Reads an nfeProc (or a bare NFe, for previews in tests). Throws when the document has no infNFe. */
export function lerNfeProc(xml: string): NfeLida {
  const doc = leitor.parse(xml) as No;
  const proc = no(doc.nfeProc);
  const nfe = no(proc.NFe ?? doc.NFe);
  const inf = no(nfe.infNFe);
  if (!Object.keys(inf).length) throw new Error('DANFE: o XML não contém infNFe');
  const ide = no(inf.ide);
  const emit = no(inf.emit);
  const dest = inf.dest ? no(inf.dest) : undefined;
  const transp = no(inf.transp);
  const transporta = transp.transporta ? no(transp.transporta) : undefined;
  const veiculo = transp.veicTransp ? no(transp.veicTransp) : undefined;
  const cobr = inf.cobr ? no(inf.cobr) : undefined;
  const fat = cobr?.fat ? no(cobr.fat) : undefined;
  const pag = no(inf.pag);
  const infAdic = no(inf.infAdic);
  const infProt = proc.protNFe ? no(no(proc.protNFe).infProt) : undefined;
  const totais: Record<string, string> = {};
  for (const [k, v] of Object.entries(no(no(inf.total).ICMSTot))) {
    const t = texto(v);
    if (t !== undefined) totais[k] = t;
  }
  const id = texto(inf['@Id']) ?? '';
  const ibsCbsTot = no(inf.total).IBSCBSTot ? no(no(inf.total).IBSCBSTot) : undefined;
  const gIbs = no(ibsCbsTot?.gIBS);
  const ibsCbs = ibsCbsTot && {
    base: texto(ibsCbsTot.vBCIBSCBS) ?? '0.00',
    ibsUf: texto(no(gIbs.gIBSUF).vIBSUF) ?? '0.00',
    ibsMun: texto(no(gIbs.gIBSMun).vIBSMun) ?? '0.00',
    ibs: texto(gIbs.vIBS) ?? '0.00',
    cbs: texto(no(ibsCbsTot.gCBS).vCBS) ?? '0.00',
    totalComIbsCbs: texto(no(inf.total).vNFTot),
  };

  return {
    chaveAcesso: texto(infProt?.chNFe) ?? id.replace(/^NFe/, ''),
    ide: {
      uf: texto(ide.cUF),
      naturezaOperacao: texto(ide.natOp) ?? '',
      modelo: texto(ide.mod),
      serie: texto(ide.serie) ?? '',
      numero: texto(ide.nNF) ?? '',
      dataEmissao: texto(ide.dhEmi) ?? '',
      dataSaidaEntrada: texto(ide.dhSaiEnt),
      tipoOperacao: texto(ide.tpNF) ?? '1',
      tipoEmissao: texto(ide.tpEmis),
      dataContingencia: texto(ide.dhCont),
      justificativaContingencia: texto(ide.xJust),
      ambiente: texto(ide.tpAmb) ?? '1',
      finalidade: texto(ide.finNFe),
    },
    emitente: {
      documento: documento(emit) ?? '',
      nome: texto(emit.xNome) ?? '',
      fantasia: texto(emit.xFant),
      endereco: endereco(emit.enderEmit),
      ie: texto(emit.IE),
      ieSt: texto(emit.IEST),
      im: texto(emit.IM),
      crt: texto(emit.CRT),
    },
    destinatario: dest && {
      documento: documento(dest),
      nome: texto(dest.xNome),
      endereco: dest.enderDest ? endereco(dest.enderDest) : undefined,
      ie: texto(dest.IE),
      email: texto(dest.email),
    },
    itens: lista(inf.det).map(item),
    totais,
    transporte: {
      modalidade: texto(transp.modFrete),
      transportador: transporta && {
        documento: documento(transporta),
        nome: texto(transporta.xNome),
        ie: texto(transporta.IE),
        endereco: texto(transporta.xEnder),
        municipio: texto(transporta.xMun),
        uf: texto(transporta.UF),
      },
      veiculo: veiculo && { placa: texto(veiculo.placa), uf: texto(veiculo.UF), rntc: texto(veiculo.RNTC) },
      volumes: lista(transp.vol).map((v) => ({
        quantidade: texto(v.qVol),
        especie: texto(v.esp),
        marca: texto(v.marca),
        numeracao: texto(v.nVol),
        pesoLiquido: texto(v.pesoL),
        pesoBruto: texto(v.pesoB),
      })),
    },
    cobranca: cobr && {
      fatura: fat && {
        numero: texto(fat.nFat),
        valorOriginal: texto(fat.vOrig),
        valorDesconto: texto(fat.vDesc),
        valorLiquido: texto(fat.vLiq),
      },
      duplicatas: lista(cobr.dup).map((d) => ({ numero: texto(d.nDup), vencimento: texto(d.dVenc), valor: texto(d.vDup) })),
    },
    pagamentos: lista(pag.detPag).map((p) => {
      const card = no(p.card);
      return {
        indicador: texto(p.indPag),
        forma: texto(p.tPag) ?? '',
        descricao: texto(p.xPag),
        valor: texto(p.vPag) ?? '0.00',
        bandeira: texto(card.tBand),
        autorizacao: texto(card.cAut),
      };
    }),
    troco: texto(pag.vTroco),
    informacoesFisco: texto(infAdic.infAdFisco),
    informacoesComplementares: texto(infAdic.infCpl),
    ibsCbs,
    protocolo: infProt && {
      numero: texto(infProt.nProt),
      dataRecebimento: texto(infProt.dhRecbto),
      ambiente: texto(infProt.tpAmb),
      status: texto(infProt.cStat),
    },
  };
}
