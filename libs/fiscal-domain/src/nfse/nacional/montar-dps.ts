import { dec, formatarPercentual, formatarValor } from '../../dinheiro';
import { escaparXml } from '../../sefaz/xml-texto';
import { fracaoDeAteQuatroCasas } from '../iss';
import { NAMESPACE_NFSE_NACIONAL, VERSAO_APLICATIVO_NACIONAL, VERSAO_LEIAUTE_NACIONAL } from './constantes';
import { idDps } from './identificadores';
import { somenteTSString } from './texto';
import { REGIME_MEI } from './provedores';
import type { DpsNacional, EnderecoNacional, TributosAproximados } from './tipos';
import { normalizarDocumento, somenteDigitos } from '../../identificadores';
import { classificacaoTributariaNfse, classificacoesNfseDoCst, cstTemClassificacaoNfse } from '../../tabelas/classificacao-tributaria-nfse';
import { incidenciaNoTomador, servicoNacional } from '../../tabelas/lista-servicos-nacional';

/**
 * The DPS v1.01 (TCDPS, unsigned: sign `infDPS` with assinarXml, the Signature goes after it as
 * the layout wants). Element order is TCInfDPS's. What the layout cannot take from the note is
 * reported by errosLeiauteDps before anything is built, so a DPS is refused alone, by us.
 */
const el = (nome: string, valor: string | undefined | null): string =>
  valor === undefined || valor === null || valor === '' ? '' : `<${nome}>${escaparXml(valor)}</${nome}>`;
const limitar = (v: string | undefined, max: number) => (v === undefined ? undefined : v.length > max ? v.slice(0, max) : v);

/** LC 116 item ("1.07", "01.07", "0107") -> cTribNac: item (2) + subitem (2) + desdobro nacional (2, "01" unless sent). */
export function codigoTributacaoNacional(itemLista: string): string | null {
  const t = itemLista.trim();
  if (/^\d{6}$/.test(t)) return t;
  const m = /^(\d{1,2})\.?(\d{2})$/.exec(t);
  return m ? `${m[1].padStart(2, '0')}${m[2]}01` : null;
}

/**
 * regime_tributario -> TCRegTrib: opSimpNac 1 não optante, 2 MEI, 3 ME/EPP; regApTribSN 1 (all
 * by the Simples) or 2 (excesso de sublimite: ISS outside it); regEspTrib 0 (none).
 */
function regimeTributario(regime: number | undefined): string {
  if (ehMei(regime)) return '<regTrib><opSimpNac>2</opSimpNac><regEspTrib>0</regEspTrib></regTrib>';
  if (regime === 1) return '<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>';
  if (regime === 2) return '<regTrib><opSimpNac>3</opSimpNac><regApTribSN>2</regApTribSN><regEspTrib>0</regEspTrib></regTrib>';
  return '<regTrib><opSimpNac>1</opSimpNac><regEspTrib>0</regEspTrib></regTrib>';
}

/** regime_tributario 1 or 2: ME/EPP optante do Simples Nacional (opSimpNac 3). */
export const ehMeEpp = (regime: number | undefined) => regime === 1 || regime === 2;

/** regime_tributario 4: MEI (opSimpNac 2). */
const ehMei = (regime: number | undefined) => regime === REGIME_MEI;

/** A fraction (0.0275) as the layout's percentage with 2 places (2.75); rates have at most 4 places. */
const percentual = (fracao: string) => formatarPercentual(fracao).replace(/^(\d+\.\d{2})\d*$/, '$1');

/**
 * The ISS rate the DPS carries (pAliq), or none where Anexo I forbids it. The DPS always goes with
 * tribISSQN 1, regEspTrib 0, no exigSusp and no BM; tpRetISSQN 1 (not retained), or 2 (by the tomador)
 * for any regime but the two errosIssRetido refuses (MEI, ME/EPP with the ISS in the Simples), so:
 * - MEI (opSimpNac 2): never (E0600);
 * - ME/EPP with the ISS in the Simples (regApTribSN 1) and no retention: never, whether or not the
 *   municipality's convênio is active (E0625, E0631);
 * - not optante (opSimpNac 1) and ME/EPP with the ISS outside the Simples (regApTribSN 2): forbidden
 *   where the incidence municipality's convênio is active in the national system (E0617, E0635),
 *   required where it is not (E0619, E0640). That situation is a parameter of the national system
 *   the product does not have, so the catalog's rate is sent (a municipality without an active
 *   convênio could not compute the ISS without it).
 */
export function aliquotaIssDaDps(d: DpsNacional): string | undefined {
  return pAliqDoRegime(d.prestador.regimeTributario, d.valores.aliquotaIss);
}
const pAliqDoRegime = (regime: number | undefined, aliquotaIss: string | undefined): string | undefined =>
  ehMei(regime) || regime === 1 || !aliquotaIss ? undefined : percentual(aliquotaIss);

/**
 * The catalog's ISS rate as this DPS would use it: a fraction the layout takes (it also makes pTotTribMun
 * when no estimate is sent), and at most 5 % where pAliq goes (Anexo I E0595). Messages without the field.
 */
export function errosAliquotaIssDps(regime: number | undefined, aliquotaIss: string | undefined): string[] {
  if (aliquotaIss !== undefined && !fracaoDeAteQuatroCasas(aliquotaIss))
    return [`a alíquota do ISS ${aliquotaIss} não é uma fração de 0 a 1 com até 4 casas`];
  const pAliq = pAliqDoRegime(regime, aliquotaIss);
  return pAliq && dec(pAliq).greaterThan(5) ? [`a alíquota do ISS do catálogo, ${pAliq} %, está acima de 5 % (Anexo I E0595)`] : [];
}

/**
 * totTrib (Lei 12.741/2012), one of vTotTrib, pTotTrib, indTotTrib, pTotTribSN, as each regime may:
 * - the approximate taxes sent (tributos_aproximados) go in pTotTrib, which every regime may inform;
 * - else an ME/EPP's Simples Nacional rate sent goes in pTotTribSN (E0712);
 * - else the MEI declares indTotTrib 0 (no estimate, Decreto 8.264/2014), which E0710 allows it;
 * - else (an ME/EPP without its rate, E0712; outside the Simples, where NT 007's E0713 refuses indTotTrib
 *   and pTotTribSN) the group cannot be left out, so pTotTrib declares only what the note computes:
 *   its ISS at the catalog's rate as the municipal share, 0 % federal and state (tributosSemEstimativa).
 */
function totaisTributos(d: DpsNacional): string {
  const sn = d.valores.aliquotaSimplesNacional;
  if (!d.valores.tributosAproximados && ehMeEpp(d.prestador.regimeTributario) && sn)
    return `<totTrib><pTotTribSN>${percentual(sn)}</pTotTribSN></totTrib>`;
  if (!d.valores.tributosAproximados && ehMei(d.prestador.regimeTributario)) return '<totTrib><indTotTrib>0</indTotTrib></totTrib>';
  const t = d.valores.tributosAproximados ?? tributosSemEstimativa(d);
  return `<totTrib><pTotTrib><pTotTribFed>${percentual(t.federal)}</pTotTribFed><pTotTribEst>${percentual(t.estadual)}</pTotTribEst><pTotTribMun>${percentual(t.municipal)}</pTotTribMun></pTotTrib></totTrib>`;
}

/** pTotTrib when no estimate was sent: the ISS the note computes (the catalog's rate), and nothing else claimed. */
const tributosSemEstimativa = (d: DpsNacional): TributosAproximados => ({
  federal: '0',
  estadual: '0',
  municipal: d.valores.aliquotaIss ?? '0',
});

/**
 * A Simples Nacional rate the layout takes in pTotTribSN (TSDec2V2, below 100 %): a catalog-like fraction (at most 4 places)
 * below 1, written in full ("0.06", never ".06" or "0.": the command between the services takes only that form).
 */
export const aliquotaSimplesNacionalValida = (fracao: string): boolean => fracaoDeAteQuatroCasas(fracao) && dec(fracao).lessThan(1);

/** The three fractions of pTotTrib's percentages (TSDec3V2), each as a Simples Nacional rate: at most 4 places, below 1. */
export const tributosAproximadosValidos = (t: TributosAproximados): boolean =>
  [t.federal, t.estadual, t.municipal].every((f) => typeof f === 'string' && aliquotaSimplesNacionalValida(f));

/** Anexo I E0202: a CNPJ tomador is the prestador when their roots (first 8 positions, every establishment) match. */
export function tomadorEhPrestador(documentoTomador: string, documentoPrestador: string): boolean {
  const t = normalizarDocumento(documentoTomador);
  const p = normalizarDocumento(documentoPrestador);
  return t.length === 14 && p.length === 14 ? t.slice(0, 8) === p.slice(0, 8) : t === p;
}

function documento(doc: string): string {
  const d = normalizarDocumento(doc);
  return d.length === 11 ? `<CPF>${d}</CPF>` : `<CNPJ>${d}</CNPJ>`;
}

/** The address fields are TSString (Latin-1, one line): written as somenteTSString makes them. */
function endereco(e: EnderecoNacional): string {
  const t = (v?: string) => (v === undefined ? undefined : somenteTSString(v));
  return (
    `<end><endNac><cMun>${e.codigoMunicipio}</cMun><CEP>${somenteDigitos(e.cep)}</CEP></endNac>` +
    el('xLgr', limitar(t(e.logradouro), 255)) +
    el('nro', limitar(t(e.numero), 60)) +
    el('xCpl', limitar(t(e.complemento), 156)) +
    el('xBairro', limitar(t(e.bairro), 60)) +
    '</end>'
  );
}

const telefone = (v?: string) => (v && /^\d{6,20}$/.test(somenteDigitos(v)) ? somenteDigitos(v) : undefined);
const email = (v?: string) => (v && v.length <= 80 ? v : undefined);
/** An address the national layout takes: IBGE code and an 8-digit CEP (else the tomador goes without it). */
const enderecoUtil = (e?: EnderecoNacional) =>
  e &&
  /^\d{7}$/.test(e.codigoMunicipio) &&
  /^\d{8}$/.test(somenteDigitos(e.cep)) &&
  somenteTSString(e.logradouro ?? '') &&
  somenteTSString(e.numero ?? '') &&
  somenteTSString(e.bairro ?? '')
    ? e
    : undefined;
/** 99.01.01, "serviços sem a incidência de ISSQN e ICMS": a DPS of it carries tribISSQN 4 (Anexo I E0532). */
export const CODIGO_SERVICO_SEM_INCIDENCIA = '990101';

/** Whether a tomador's address can go into the DPS (its `end/endNac`). */
export const enderecoNacionalCompleto = (e?: EnderecoNacional | null): boolean => !!enderecoUtil(e ?? undefined);

/**
 * What the national service list (tabelas/lista-servicos-nacional, Anexo I v1.01) says of the note's
 * service, by API field: its cTribNac exists (E0310); it is taxable (99.01.01 would need tribISSQN 4,
 * E0532); it needs no DPS group the API does not fill (the
 * construction subitems of item 7 need `obra`, E0370; item 12 needs `atvEvento`, E0390); where its ISSQN
 * is due at the tomador's establishment, the tomador's address goes (E0234; checked when
 * `tomadorComEndereco` is given).
 */
export function errosServicoNacional(codigoItemLista: string, tomadorComEndereco?: boolean): Record<string, string[]> {
  const codigo = codigoTributacaoNacional(codigoItemLista);
  const servico = codigo ? servicoNacional(codigo) : null;
  if (!servico)
    return {
      'servico.codigo_item_lista': [
        `${codigoItemLista}${codigo ? ` (cTribNac ${codigo})` : ''} não está na lista de serviços nacional do Sistema Nacional NFS-e (Anexo I E0310)`,
      ],
    };
  // The product writes tribISSQN 1 (operação tributável); 99.01.01 is the one service without incidence.
  if (codigo === CODIGO_SERVICO_SEM_INCIDENCIA)
    return {
      'servico.codigo_item_lista': [
        `o serviço ${codigo} (sem incidência de ISSQN e ICMS) exige tribISSQN 4 na DPS (Anexo I E0532), que esta API não emite`,
      ],
    };
  if (servico.grupo)
    return {
      'servico.codigo_item_lista': [
        `o serviço ${codigo} exige o grupo ${servico.grupo} da DPS (Anexo I ${servico.grupo === 'obra' ? 'E0370' : 'E0390'}), que esta API não preenche`,
      ],
    };
  if (tomadorComEndereco === false && incidenciaNoTomador(servico))
    return {
      'tomador.endereco': [
        `é obrigatório para o serviço ${codigo}, cujo ISSQN é devido no estabelecimento do tomador (Anexo I E0234): tomador.endereco com CEP e tomador.codigo_municipio (IBGE)`,
      ],
    };
  return {};
}

/**
 * What a note of the national provider cannot carry, by API field: checked by nfse-service when the
 * note is created (422 before it takes a number) and again here before a DPS is built.
 * - cNBS is 0-1 in the layout and required by rule when the DPS carries the IBSCBS group (Anexo I E0322;
 *   the export and import cases, E0318 and E0320, are not notes this product issues), and so is cIndOp
 *   when a CST or cClassTrib is sent (TCRTCInfoIBSCBS);
 * - the Simples Nacional rate and the approximate taxes, when sent, must fit pTotTribSN and pTotTrib
 *   (when not sent, totaisTributos declares what the layout lets each regime);
 * - the tomador cannot be the prestador or another establishment of it (Anexo I E0202).
 */
export function errosCamposDps(n: {
  /** Whether the DPS carries the IBSCBS group (temGrupoIbsCbs). */
  grupoIbsCbs: boolean;
  codigoNbs?: string | null;
  cIndOp?: string | null;
  aliquotaSimplesNacional?: string | null;
  tributosAproximados?: TributosAproximados | null;
  /** nbs_cst and nbs_ct, and the day (AAAA-MM-DD) the code must be in force on. */
  cst?: string | null;
  cClassTrib?: string | null;
  data?: string;
  /** The prestador's CNPJ (or CPF) and the tomador's cpf_cnpj, for E0202. */
  documentoPrestador?: string;
  documentoTomador?: string;
}): Record<string, string[]> {
  const erros: Record<string, string[]> = errosClassificacaoIbsCbs(n.cst, n.cClassTrib, n.data);
  if (!n.codigoNbs && n.grupoIbsCbs)
    erros.nbs_codigo = [
      'é obrigatório na DPS do Sistema Nacional com o grupo IBSCBS (nbs_indop, nbs_cst ou nbs_ct): cNBS, 9 dígitos (E0322)',
    ];
  else if (n.codigoNbs && !/^\d{9}$/.test(n.codigoNbs)) erros.nbs_codigo = ['deve ter 9 dígitos (código NBS)'];
  if (!n.cIndOp && (n.cst || n.cClassTrib))
    erros.nbs_indop = ['é obrigatório no grupo IBSCBS quando nbs_cst ou nbs_ct é enviado (cIndOp, 6 dígitos)'];
  if (n.aliquotaSimplesNacional && !aliquotaSimplesNacionalValida(n.aliquotaSimplesNacional))
    erros.aliquota_simples_nacional = ['deve ser uma fração de 0 a 0.9999, com até 4 casas (pTotTribSN)'];
  if (n.tributosAproximados && !tributosAproximadosValidos(n.tributosAproximados))
    erros.tributos_aproximados = ['federal, estadual e municipal devem ser frações de 0 a 0.9999, com até 4 casas (pTotTrib)'];
  if (n.documentoPrestador && n.documentoTomador && tomadorEhPrestador(n.documentoTomador, n.documentoPrestador))
    erros['tomador.cpf_cnpj'] = ['não pode ser o próprio prestador nem outro estabelecimento dele (mesma raiz de CNPJ, Anexo I E0202)'];
  return erros;
}

/**
 * nbs_cst and nbs_ct against the official cClassTrib table for the NFS-e (tabelas/classificacao-tributaria-nfse).
 * A code sent is judged first: one that does not exist, is not for the NFS-e or has not started; one the
 * API refuses (a DPS group it does not fill, a fixed rate); one of another CST than the one sent. A CST
 * sent alone: one no NFS-e code has; one other than 000 without its code (the DPS would carry 000001, a
 * code of another CST). Formats are the DTO's (3 and 6 digits).
 */
export function errosClassificacaoIbsCbs(
  cst?: string | null,
  cClassTrib?: string | null,
  data?: string,
  o: { comRecusas?: boolean } = {},
): Record<string, string[]> {
  const codigosDo = (c: string) => classificacoesNfseDoCst(c).join(', ');
  if (cClassTrib && /^\d{6}$/.test(cClassTrib)) {
    const linha = classificacaoTributariaNfse(cClassTrib, data);
    if (!linha) {
      const quando = data && classificacaoTributariaNfse(cClassTrib) ? ` em ${data}` : '';
      const cstEsperado = cst ?? cClassTrib.slice(0, 3);
      const codigos = codigosDo(cstEsperado);
      const sugestao = codigos ? ` (CST ${cstEsperado}: ${codigos})` : '';
      return { nbs_ct: [`${cClassTrib} não é um cClassTrib do IBS e da CBS vigente para NFS-e${quando}${sugestao}`] };
    }
    if (linha.recusa && o.comRecusas !== false) return { nbs_ct: [`${cClassTrib} ${linha.recusa}`] };
    if (cst && cst !== linha.cst) return { nbs_cst: [`${cst} não é o CST do cClassTrib ${cClassTrib}, que é ${linha.cst}`] };
    return {};
  }
  if (!cst || !/^\d{3}$/.test(cst) || cClassTrib) return {};
  if (!cstTemClassificacaoNfse(cst)) return { nbs_cst: [`${cst} não é um CST do IBS e da CBS com classificação tributária para NFS-e`] };
  if (cst === CST_IBSCBS_PADRAO_DPS) return {};
  const aceitos = codigosDo(cst);
  return {
    nbs_cst: [
      aceitos
        ? `com o CST ${cst} o nbs_ct (cClassTrib) é obrigatório: ${aceitos}`
        : `nenhum cClassTrib do CST ${cst} é aceito por esta API em NFS-e`,
    ],
  };
}

/** What keeps this note from being a valid DPS (messages name the API field), [] when none. */
export function errosLeiauteDps(d: DpsNacional): string[] {
  const erros: string[] = [];
  const campos = errosCamposDps({
    grupoIbsCbs: temGrupoIbsCbs(d.ibsCbs),
    codigoNbs: d.servico.codigoNbs,
    cIndOp: d.ibsCbs?.cIndOp,
    aliquotaSimplesNacional: d.valores.aliquotaSimplesNacional,
    tributosAproximados: d.valores.tributosAproximados,
    cst: d.ibsCbs?.cst,
    cClassTrib: d.ibsCbs?.cClassTrib,
    data: d.competencia,
    documentoPrestador: d.prestador.documento,
    documentoTomador: d.tomador?.documento,
  });
  for (const [campo, mensagens] of Object.entries(campos)) erros.push(...mensagens.map((m) => `${campo} ${m}`));
  const doServico = errosServicoNacional(d.servico.codigoItemLista, enderecoNacionalCompleto(d.tomador?.endereco));
  for (const [campo, mensagens] of Object.entries(doServico)) erros.push(...mensagens.map((m) => `${campo} ${m}`));
  if (!/^\d{1,5}$/.test(d.serie) || /^0+$/.test(d.serie))
    erros.push(`série ${d.serie} fora do leiaute da DPS (1 a 5 algarismos, não zero)`);
  if (!Number.isInteger(d.numero) || d.numero < 1 || String(d.numero).length > 15)
    erros.push('número da DPS fora do leiaute (1 a 15 algarismos)');
  // vServ is TSDec15V2, which takes 0 (the spec's minimum too; API decimals are never negative), and no
  // Anexo I v1.01 rule asks more of it.
  if (dec(d.valores.valorServicos).greaterThanOrEqualTo('1e15')) erros.push('valor_servicos acima do leiaute da DPS (15 dígitos inteiros)');
  erros.push(...errosAliquotaIssDps(d.prestador.regimeTributario, d.valores.aliquotaIss));
  const r = d.ibsCbs;
  if (r?.cIndOp && !/^\d{6}$/.test(r.cIndOp)) erros.push('nbs_indop deve ter 6 dígitos');
  if (r?.cst && !/^\d{3}$/.test(r.cst)) erros.push('nbs_cst deve ter 3 dígitos');
  if (r?.cClassTrib && !/^\d{6}$/.test(r.cClassTrib)) erros.push('nbs_ct deve ter 6 dígitos');
  // No E0235 (a CNPJ tomador's national address): Anexo I v1.01 runs it when the ADN receives an NFS-e a
  // municipality shares, not when the Sefin receives a DPS, so the tomador's address goes when the note has one.
  return erros;
}

export class ErroLeiauteDps extends Error {
  constructor(readonly erros: string[]) {
    super(`DPS em desacordo com o leiaute: ${erros.join('; ')}`);
    this.name = 'ErroLeiauteDps';
  }
}

/** Whether the DPS carries the IBSCBS group: any of its fields sent (nbs_indop, nbs_cst, nbs_ct). */
export const temGrupoIbsCbs = (
  r: { cIndOp?: string | null; cst?: string | null; cClassTrib?: string | null } | null | undefined,
): boolean => !!(r && (r.cIndOp || r.cst || r.cClassTrib));

/**
 * CST and cClassTrib when only cIndOp is sent: the regular taxation (decisions §8's defaults). A code
 * sent alone brings its own CST (its first 3 digits).
 */
export const CST_IBSCBS_PADRAO_DPS = '000';
export const CCLASSTRIB_PADRAO_DPS = '000001';
const cstDaDps = (r: { cst?: string; cClassTrib?: string }): string => r.cst ?? r.cClassTrib?.slice(0, 3) ?? CST_IBSCBS_PADRAO_DPS;

/** The DPS document (root `DPS` with its namespace), unsigned, and its Id. */
export function montarDps(d: DpsNacional): { id: string; xml: string } {
  const erros = errosLeiauteDps(d);
  if (erros.length) throw new ErroLeiauteDps(erros);
  const id = idDps({
    codigoMunicipio: d.codigoMunicipioEmissor,
    documentoPrestador: d.prestador.documento,
    serie: d.serie,
    numero: d.numero,
  });
  const p = d.prestador;
  const t = d.tomador;
  const prest = `<prest>${documento(p.documento)}${el('IM', limitar(p.inscricaoMunicipal, 15))}${el('fone', telefone(p.telefone))}${el('email', email(p.email))}${regimeTributario(p.regimeTributario)}</prest>`;
  const end = enderecoUtil(t?.endereco);
  const toma = t
    ? `<toma>${documento(t.documento)}${el('IM', limitar(t.inscricaoMunicipal, 15))}${el('xNome', limitar(t.nome, 300))}${end ? endereco(end) : ''}${el('fone', telefone(t.telefone))}${el('email', email(t.email))}</toma>`
    : '';
  // xInfComp is a one-line Latin-1 TSString: the observations as somenteTSString makes them (none when nothing is left).
  const infCompl = limitar(somenteTSString(d.servico.informacoesComplementares ?? ''), 2000)?.trim();
  const serv =
    `<serv><locPrest><cLocPrestacao>${d.servico.codigoMunicipioPrestacao}</cLocPrestacao></locPrest>` +
    `<cServ><cTribNac>${codigoTributacaoNacional(d.servico.codigoItemLista)}</cTribNac>${el('xDescServ', limitar(d.servico.descricao, 2000))}${el('cNBS', d.servico.codigoNbs)}</cServ>` +
    `${infCompl ? `<infoCompl><xInfComp>${escaparXml(infCompl)}</xInfComp></infoCompl>` : ''}</serv>`;
  // tribISSQN 1 operação tributável; tpRetISSQN 1 não retido, 2 retido pelo tomador; pAliq and totTrib as Anexo I lets each regime.
  const valores =
    `<valores><vServPrest><vServ>${formatarValor(d.valores.valorServicos)}</vServ></vServPrest>` +
    `<trib><tribMun><tribISSQN>1</tribISSQN><tpRetISSQN>${d.valores.issRetido ? 2 : 1}</tpRetISSQN>${el('pAliq', aliquotaIssDaDps(d))}</tribMun>` +
    `${totaisTributos(d)}</trib></valores>`;
  const r = d.ibsCbs;
  const ibsCbs =
    r && temGrupoIbsCbs(r)
      ? `<IBSCBS><finNFSe>0</finNFSe><cIndOp>${r.cIndOp}</cIndOp><indDest>0</indDest>` +
        `<valores><trib><gIBSCBS><CST>${cstDaDps(r)}</CST><cClassTrib>${r.cClassTrib ?? CCLASSTRIB_PADRAO_DPS}</cClassTrib></gIBSCBS></trib></valores></IBSCBS>`
      : '';
  const xml =
    `<DPS xmlns="${NAMESPACE_NFSE_NACIONAL}" versao="${VERSAO_LEIAUTE_NACIONAL}"><infDPS Id="${id}">` +
    `<tpAmb>${d.ambiente}</tpAmb><dhEmi>${d.dataHoraEmissao}</dhEmi><verAplic>${VERSAO_APLICATIVO_NACIONAL}</verAplic>` +
    `<serie>${somenteDigitos(d.serie)}</serie><nDPS>${d.numero}</nDPS><dCompet>${d.competencia}</dCompet><tpEmit>1</tpEmit>` +
    `<cLocEmi>${d.codigoMunicipioEmissor}</cLocEmi>` +
    prest +
    toma +
    serv +
    valores +
    ibsCbs +
    '</infDPS></DPS>';
  return { id, xml };
}
