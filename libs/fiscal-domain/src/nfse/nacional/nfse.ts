import { formatarValor } from '../../dinheiro';
import { escaparXml } from '../../sefaz/xml-texto';
import { filho, lerArvoreXml, textoEm } from '../../sefaz/arvore-xml';
import { NAMESPACE_NFSE_NACIONAL, VERSAO_APLICATIVO_NACIONAL, VERSAO_LEIAUTE_NACIONAL } from './constantes';
import type { NfseNacionalLida } from './tipos';
import type { AliquotaParteNfse, AliquotasEfetivasNfse } from './aliquotas-ibs-cbs';

/** The NFS-e of the national layout (TCNFSe): built by the authority (the simulator), read by the client. */
export interface DadosNfseNacional {
  chaveAcesso: string;
  numero: string;
  /** Número do DFS-e (nDFSe): the authority's own sequence. */
  numeroDfse: string;
  dataProcessamento: string;
  /** xLocEmi, xLocPrestacao: the municipalities' names. */
  localEmissao: string;
  localPrestacao: string;
  /** cLocIncid, xLocIncid: where the ISSQN is due, when the national system identifies one. */
  localIncidencia?: { codigo: string; nome: string };
  descricaoTributacaoNacional: string;
  emitente: {
    cnpj: string;
    inscricaoMunicipal?: string;
    nome: string;
    endereco: { logradouro: string; numero: string; bairro: string; codigoMunicipio: string; uf: string; cep: string };
  };
  /** Only vLiq for an MEI, a service not taxed, a special regime or suspended ISS (Anexo I E1302, E1303, E1307, E1311). */
  valores: {
    baseCalculo?: string;
    aliquota?: string;
    valorIss?: string;
    /** vTotalRet: CP, IRRF, CSLL and what is withheld of ISSQN, PIS, COFINS (layout row 43), when there is any. */
    totalRetencoes?: string;
    valorLiquido: string;
  };
  ibsCbs?: {
    codigoLocalidade: string;
    localidade: string;
    base: string;
    /** vCalcReeRepRes: what the DPS's reimbursement documents took out of the base, when it has any. */
    reembolsos?: string;
    /** Each part's rate, reduction and effective rate, percentages with 2 places. */
    aliquotas: AliquotasEfetivasNfse;
    vIbsUf: string;
    vIbsMun: string;
    vIbsTot: string;
    vCbs: string;
    vTotNf: string;
  };
  /** The signed DPS as received (root DPS, no XML declaration). */
  dpsXml: string;
}

const el = (nome: string, v: string | undefined) => (v === undefined || v === '' ? '' : `<${nome}>${escaparXml(v)}</${nome}>`);
/** One part of the IBSCBS values in TCRTCValoresIBSCBSUF/Mun/Fed's order: rate, its reduction, the effective rate. */
const parte = (grupo: string, sufixo: string, nomeAliquota: string, p: AliquotaParteNfse) =>
  `<${grupo}><${nomeAliquota}>${p.aliquota}</${nomeAliquota}>${el(`pRedAliq${sufixo}`, p.reducao)}<pAliqEfet${sufixo}>${p.efetiva}</pAliqEfet${sufixo}></${grupo}>`;

export function montarNfseNacional(d: DadosNfseNacional): string {
  const e = d.emitente;
  const r = d.ibsCbs;
  const ibsCbs = r
    ? `<IBSCBS><cLocalidadeIncid>${r.codigoLocalidade}</cLocalidadeIncid>${el('xLocalidadeIncid', r.localidade)}` +
      `<valores><vBC>${formatarValor(r.base)}</vBC>${el('vCalcReeRepRes', r.reembolsos)}${parte('uf', 'UF', 'pIBSUF', r.aliquotas.ibsUf)}` +
      `${parte('mun', 'Mun', 'pIBSMun', r.aliquotas.ibsMun)}${parte('fed', 'CBS', 'pCBS', r.aliquotas.cbs)}</valores>` +
      `<totCIBS><vTotNF>${r.vTotNf}</vTotNF><gIBS><vIBSTot>${r.vIbsTot}</vIBSTot><gIBSUFTot><vIBSUF>${r.vIbsUf}</vIBSUF></gIBSUFTot><gIBSMunTot><vIBSMun>${r.vIbsMun}</vIBSMun></gIBSMunTot></gIBS>` +
      `<gCBS><vCBS>${r.vCbs}</vCBS></gCBS></totCIBS></IBSCBS>`
    : '';
  return (
    `<NFSe xmlns="${NAMESPACE_NFSE_NACIONAL}" versao="${VERSAO_LEIAUTE_NACIONAL}"><infNFSe Id="NFS${d.chaveAcesso}">` +
    el('xLocEmi', d.localEmissao) +
    el('xLocPrestacao', d.localPrestacao) +
    `<nNFSe>${d.numero}</nNFSe>` +
    (d.localIncidencia ? `<cLocIncid>${d.localIncidencia.codigo}</cLocIncid>${el('xLocIncid', d.localIncidencia.nome)}` : '') +
    el('xTribNac', d.descricaoTributacaoNacional) +
    `<verAplic>${VERSAO_APLICATIVO_NACIONAL}</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>` +
    `<dhProc>${d.dataProcessamento}</dhProc><nDFSe>${d.numeroDfse}</nDFSe>` +
    `<emit><CNPJ>${e.cnpj}</CNPJ>${el('IM', e.inscricaoMunicipal)}${el('xNome', e.nome)}` +
    `<enderNac>${el('xLgr', e.endereco.logradouro)}${el('nro', e.endereco.numero)}${el('xBairro', e.endereco.bairro)}<cMun>${e.endereco.codigoMunicipio}</cMun><UF>${e.endereco.uf}</UF><CEP>${e.endereco.cep}</CEP></enderNac></emit>` +
    `<valores>${el('vBC', d.valores.baseCalculo)}${el('pAliqAplic', d.valores.aliquota)}${el('vISSQN', d.valores.valorIss)}${el('vTotalRet', d.valores.totalRetencoes)}<vLiq>${d.valores.valorLiquido}</vLiq></valores>` +
    ibsCbs +
    d.dpsXml +
    '</infNFSe></NFSe>'
  );
}

/** Reads the identity of an NFS-e of the national layout (the XML the authority signed). */
export function lerNfseNacional(xml: string): NfseNacionalLida {
  const raiz = lerArvoreXml(xml);
  const inf = filho(raiz, 'infNFSe');
  if (raiz.nome !== 'NFSe' || !inf) throw new Error('Documento não é uma NFSe do leiaute nacional');
  const infDps = filho(filho(inf, 'DPS'), 'infDPS');
  return {
    chaveAcesso: (inf.atributos.Id ?? '').replace(/^NFS/, ''),
    numero: textoEm(inf, 'nNFSe') ?? '',
    dataEmissao: textoEm(inf, 'dhProc') ?? '',
    idDps: infDps?.atributos.Id ?? '',
    codigoMunicipioEmissor: textoEm(infDps, 'cLocEmi') ?? '',
    cStat: textoEm(inf, 'cStat') ?? '',
  };
}
