/**
 * The official XSDs v1.01 of the national NFS-e (DPS, NFSe, pedRegEvento, evento and their type
 * files): which root validates each document, and the adaptations below. The files are vendored
 * unmodified in libs/plataforma (`esquemas/nfse-nacional-v1.01/`; no npm package ships them), read
 * there and validated with the same libxml2 worker as the NF-e package. Every adaptation is made in
 * memory, never in the files, and names the simple type it touches:
 *
 * - TSSerieDPS's pattern `^(?!0{1,5}$)\d{1,5}$` uses a look-ahead, which XML Schema regular
 *   expressions do not have, so libxml2 (and xmllint) refuse to compile any schema that includes it.
 *   It is replaced by the equivalent `0{0,4}[1-9][0-9]{0,4}` (with the type's own maxLength 5: 1 to 5
 *   digits, not all zero).
 * - The alphanumeric CNPJ (IN RFB 2.229/2024): the CGNFS-e published the bundle
 *   esquemas-nfse-rtc-v1-01-20260727 (same version 1.01, only patterns changed) on 27/07/2026 and
 *   put it in production on 10/08/2026. Its patterns for the CNPJ, the DPS and NFS-e Ids, the NFS-e
 *   and NF-e keys and the event Ids are applied here as published, including TSChaveNFSe's, which
 *   takes letters in positions 7 to 20 while the inscrição sits in 10 to 23 (so the authority
 *   refuses a key whose CNPJ has a letter in its 12th character where TSChaveNFSe applies: chNFSe).
 *   The vendored set still numbers pedRegEvento's Id with nPedRegEvento (`PRE` + 59, TSIdPedRefEvt);
 *   the bundle's inscrição rule is applied to it as to TSIdEvento's 59 positions.
 */
export const VERSAO_ESQUEMAS_NACIONAIS = 'v1.01';
export const ESQUEMA_RAIZ_NACIONAL = {
  dps: 'DPS_v1.01.xsd',
  nfse: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const;
export type DocumentoNacional = keyof typeof ESQUEMA_RAIZ_NACIONAL;

/** One pattern of one simple type of one file, replaced. */
export interface AdaptacaoEsquemaNacional {
  arquivo: string;
  tipo: string;
  de: string;
  para: string;
}

const CNPJ_ALFANUMERICO_20260727 = (tipo: string, de: string, para: string): AdaptacaoEsquemaNacional => ({
  arquivo: 'tiposSimples_v1.01.xsd',
  tipo,
  de,
  para,
});

export const ADAPTACOES_ESQUEMAS_NACIONAIS: readonly AdaptacaoEsquemaNacional[] = [
  { arquivo: 'tiposSimples_v1.01.xsd', tipo: 'TSSerieDPS', de: '^(?!0{1,5}$)\\d{1,5}$', para: '0{0,4}[1-9][0-9]{0,4}' },
  CNPJ_ALFANUMERICO_20260727('TSCNPJ', '[0-9]{14}', '[0-9A-Z]{14}'),
  CNPJ_ALFANUMERICO_20260727('TSIdDPS', 'DPS[0-9]{42}', 'DPS[0-9]{7}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{20}'),
  CNPJ_ALFANUMERICO_20260727('TSIdNFSe', 'NFS[0-9]{50}', 'NFS[0-9]{9}[0-9A-Z]{14}[0-9]{27}'),
  CNPJ_ALFANUMERICO_20260727('TSChaveNFSe', '[0-9]{50}', '[0-9]{6}([0-9A-Z]{14})[0-9]{30}'),
  CNPJ_ALFANUMERICO_20260727('TSChaveNFe', '[0-9]{44}', '[0-9]{6}([0-9A-Z]{14})[0-9]{24}'),
  CNPJ_ALFANUMERICO_20260727('TSIdPedRefEvt', 'PRE[0-9]{59}', 'PRE[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{36}'),
  CNPJ_ALFANUMERICO_20260727('TSIdEvento', 'EVT[0-9]{59}', 'EVT[0-9]{8}(1[0-9]{14}|2[0-9A-Z]{14})[0-9]{36}'),
];

/** The files as read (file name -> XSD text) with the adaptations above; fails when a pattern to adapt is gone. */
export function adaptarEsquemasNacionais(
  arquivos: Readonly<Record<string, string>>,
  adaptacoes: readonly AdaptacaoEsquemaNacional[] = ADAPTACOES_ESQUEMAS_NACIONAIS,
): Record<string, string> {
  const adaptados = { ...arquivos };
  for (const a of adaptacoes) {
    const texto = adaptados[a.arquivo] ?? '';
    const inicio = texto.indexOf(`<xs:simpleType name="${a.tipo}">`);
    const fim = inicio < 0 ? -1 : texto.indexOf('</xs:simpleType>', inicio);
    const de = `<xs:pattern value="${a.de}"/>`;
    const tipo = fim < 0 ? '' : texto.slice(inicio, fim);
    if (!tipo.includes(de)) throw new Error(`Esquema ${a.arquivo}: o tipo ${a.tipo} não tem o padrão a adaptar ${a.de}`);
    adaptados[a.arquivo] = texto.slice(0, inicio) + tipo.replace(de, `<xs:pattern value="${a.para}"/>`) + texto.slice(fim);
  }
  return adaptados;
}
