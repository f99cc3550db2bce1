/**
 * The official XSDs v1.01 of the national NFS-e (DPS, NFSe, pedRegEvento, evento and their type
 * files): which root validates each document, and the one adaptation they need. The files are
 * vendored unmodified in libs/plataforma (`esquemas/nfse-nacional-v1.01/`; no npm package ships
 * them), read there and validated with the same libxml2 worker as the NF-e package.
 *
 * The adaptation is made in memory, never in the files: TSSerieDPS's pattern
 * `^(?!0{1,5}$)\d{1,5}$` uses a look-ahead, which XML Schema regular expressions do not have, so
 * libxml2 (and xmllint) refuse to compile any schema that includes it. It is replaced by the
 * equivalent `0{0,4}[1-9][0-9]{0,4}` (with the type's own maxLength 5: 1 to 5 digits, not all zero).
 */
export const VERSAO_ESQUEMAS_NACIONAIS = 'v1.01';
export const ESQUEMA_RAIZ_NACIONAL = {
  dps: 'DPS_v1.01.xsd',
  nfse: 'NFSe_v1.01.xsd',
  pedRegEvento: 'pedRegEvento_v1.01.xsd',
  evento: 'evento_v1.01.xsd',
} as const;
export type DocumentoNacional = keyof typeof ESQUEMA_RAIZ_NACIONAL;

export const ADAPTACOES_ESQUEMAS_NACIONAIS: readonly { arquivo: string; de: string; para: string }[] = [
  {
    arquivo: 'tiposSimples_v1.01.xsd',
    de: '<xs:pattern value="^(?!0{1,5}$)\\d{1,5}$"/>',
    para: '<xs:pattern value="0{0,4}[1-9][0-9]{0,4}"/>',
  },
];

/** The files as read (file name -> XSD text) with the adaptations above; fails when a passage to adapt is gone. */
export function adaptarEsquemasNacionais(arquivos: Readonly<Record<string, string>>): Record<string, string> {
  const adaptados = { ...arquivos };
  for (const a of ADAPTACOES_ESQUEMAS_NACIONAIS) {
    if (!adaptados[a.arquivo]?.includes(a.de)) throw new Error(`Esquema ${a.arquivo} sem o trecho a adaptar: ${a.de}`);
    adaptados[a.arquivo] = adaptados[a.arquivo].replace(a.de, a.para);
  }
  return adaptados;
}
