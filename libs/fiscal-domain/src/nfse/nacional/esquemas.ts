/**
 * The official XSDs v1.01 of the national NFS-e (DPS, NFSe, pedRegEvento, evento and their type
 * files): which root validates each document, and the adaptations below. The files are vendored
 * unmodified in libs/plataforma (`esquemas/nfse-nacional-v1.01/`, the set in ../shared/reference; no
 * npm package ships them), read there and validated with the same libxml2 worker as the NF-e
 * package. The authority has changed the schemas since that set without changing the version
 * (1.01); what it validates today is what counts, so its changes are applied here, in memory, never
 * in the files, each to one named type, and each fails loudly when the vendored text is not there:
 *
 * - TSSerieDPS's pattern `^(?!0{1,5}$)\d{1,5}$` uses a look-ahead, which XML Schema regular
 *   expressions do not have, so libxml2 (and xmllint) refuse to compile any schema that includes it.
 *   It is replaced by the equivalent `0{0,4}[1-9][0-9]{0,4}` (with the type's own maxLength 5: 1 to 5
 *   digits, not all zero).
 * - Events (the schemas in production since the end of 2025, bundle of 09/02/2026 in the portal's
 *   "Documentação Atual"): the pedido de registro de evento no longer has `nPedRegEvento`, and its Id
 *   (TSIdPedRegEvt, here the vendored TSIdPedRefEvt) is "PRE" + chave (50) + event code (6), 56
 *   characters after "PRE"; the authority's event numbers itself in `nDFSe` (was `nDFe`) and always
 *   has `verAplic`. A request in the old form is refused by the Sefin's schema check.
 * - The alphanumeric CNPJ (IN RFB 2.229/2024): the CGNFS-e published the bundle
 *   esquemas-nfse-rtc-v1-01-20260727 (same version 1.01, only patterns changed) on 27/07/2026 and
 *   put it in production on 10/08/2026. Its patterns for the CNPJ, the DPS and NFS-e Ids, the NFS-e
 *   and NF-e keys and the event Ids are applied here as published, including TSChaveNFSe's, which
 *   takes letters in positions 7 to 20 while the inscrição sits in 10 to 23 (so the authority
 *   refuses a key whose CNPJ has a letter in its 12th character where TSChaveNFSe applies: chNFSe).
 * - cNBS (TCCServ) is 0-1, as in Anexo I's layout and in the v1.01 schemas in production (and in 1.00);
 *   the vendored set has it required. Rules make it required where they apply: E0322 when the DPS
 *   carries the IBSCBS group, E0318/E0320 for export and import of services. A DPS without cNBS and
 *   without IBSCBS is accepted by the Sefin (a public report of an integrator who removed it from a DPS
 *   with IBSCBS got E0322, not a schema failure: nfewizard-org/nfewizard-io issue 100, 02/07/2026).
 */
export const VERSAO_ESQUEMAS_NACIONAIS = 'v1.01';
export const ESQUEMA_RAIZ_NACIONAL = {
  dps: 'DPS_v1.01.xsd',
  nfse: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const;
export type DocumentoNacional = keyof typeof ESQUEMA_RAIZ_NACIONAL;

/** A text of one named type's definition (`<xs:simpleType name=...>` or `<xs:complexType name=...>`) of one file, replaced. */
export interface AdaptacaoEsquemaNacional {
  arquivo: string;
  tipo: string;
  de: string | RegExp;
  para: string;
}

const TIPOS_SIMPLES = 'tiposSimples_v1.01.xsd';
const TIPOS_COMPLEXOS = 'tiposComplexos_v1.01.xsd';
const TIPOS_EVENTOS = 'tiposEventos_v1.01.xsd';
const padrao = (tipo: string, de: string, para: string): AdaptacaoEsquemaNacional => ({
  arquivo: TIPOS_SIMPLES,
  tipo,
  de: `<xs:pattern value="${de}"/>`,
  para: `<xs:pattern value="${para}"/>`,
});

export const ADAPTACOES_ESQUEMAS_NACIONAIS: readonly AdaptacaoEsquemaNacional[] = [
  padrao('TSSerieDPS', '^(?!0{1,5}$)\\d{1,5}$', '0{0,4}[1-9][0-9]{0,4}'),
  // Events, since the end of 2025.
  {
    arquivo: TIPOS_EVENTOS,
    tipo: 'TCInfPedReg',
    de: /<xs:element name="nPedRegEvento"(?:[^>]*\/>|[^>]*>(?:(?!<xs:element)[\s\S])*?<\/xs:element>)\s*/,
    para: '',
  },
  {
    arquivo: TIPOS_EVENTOS,
    tipo: 'TCInfEvento',
    de: '<xs:element name="nDFe" type="TSNumDFe">',
    para: '<xs:element name="nDFSe" type="TSNumDFe">',
  },
  {
    arquivo: TIPOS_EVENTOS,
    tipo: 'TCInfEvento',
    de: '<xs:element name="verAplic" type="TSVerAplic" minOccurs="0">',
    para: '<xs:element name="verAplic" type="TSVerAplic">',
  },
  // The pedido's Id without nPedRegEvento, with the alphanumeric CNPJ of 20260727.
  padrao('TSIdPedRefEvt', 'PRE[0-9]{59}', 'PRE[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{33}'),
  // The alphanumeric CNPJ, bundle 20260727.
  padrao('TSCNPJ', '[0-9]{14}', '[0-9A-Z]{14}'),
  padrao('TSIdDPS', 'DPS[0-9]{42}', 'DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}'),
  padrao('TSIdNFSe', 'NFS[0-9]{50}', 'NFS[0-9]{9}[0-9A-Z]{14}[0-9]{27}'),
  padrao('TSChaveNFSe', '[0-9]{50}', '[0-9]{6}([0-9A-Z]{14})[0-9]{30}'),
  padrao('TSChaveNFe', '[0-9]{44}', '[0-9]{6}([0-9A-Z]{14})[0-9]{24}'),
  padrao('TSIdEvento', 'EVT[0-9]{59}', 'EVT[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{36}'),
  // cNBS 0-1 (required by rule only: E0318, E0320, E0322).
  {
    arquivo: TIPOS_COMPLEXOS,
    tipo: 'TCCServ',
    de: '<xs:element name="cNBS" type="TSCodNBS">',
    para: '<xs:element name="cNBS" type="TSCodNBS" minOccurs="0">',
  },
];

/** The files as read (file name -> XSD text) with the adaptations; fails when a text to adapt is gone. */
export function adaptarEsquemasNacionais(
  arquivos: Readonly<Record<string, string>>,
  adaptacoes: readonly AdaptacaoEsquemaNacional[] = ADAPTACOES_ESQUEMAS_NACIONAIS,
): Record<string, string> {
  const adaptados = { ...arquivos };
  for (const a of adaptacoes) {
    const texto = adaptados[a.arquivo] ?? '';
    const inicio = texto.search(new RegExp(`<xs:(simpleType|complexType) name="${a.tipo}">`));
    const tipoSimples = texto.startsWith('<xs:simpleType', inicio);
    const fim = inicio < 0 ? -1 : texto.indexOf(tipoSimples ? '</xs:simpleType>' : '</xs:complexType>', inicio);
    const tipo = fim < 0 ? '' : texto.slice(inicio, fim);
    // A nested anonymous type of the same kind would end the definition early: the named types adapted here have none.
    if (tipo.indexOf(tipoSimples ? '<xs:simpleType' : '<xs:complexType', 1) >= 0)
      throw new Error(`Esquema ${a.arquivo}: o tipo ${a.tipo} tem um tipo anônimo aninhado; a adaptação não sabe onde ele termina`);
    if (typeof a.de === 'string' ? !tipo.includes(a.de) : !a.de.test(tipo))
      throw new Error(`Esquema ${a.arquivo}: o tipo ${a.tipo} não tem o trecho a adaptar ${String(a.de)}`);
    adaptados[a.arquivo] = texto.slice(0, inicio) + tipo.replace(a.de, () => a.para) + texto.slice(fim);
  }
  return adaptados;
}
