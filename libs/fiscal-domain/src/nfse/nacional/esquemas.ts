import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EsquemasNfe } from '../../esquemas/carregar-esquemas';
import { criarValidadorXsd, type ValidadorXsd } from '../../esquemas/validador-xsd';

/**
 * The official XSDs v1.01 of the national NFS-e (DPS, NFSe, pedRegEvento, evento and their type
 * files), vendored unmodified in `esquemas/` (no npm package ships them). They are read once, like
 * the NF-e package's, and validated with the same libxml2 worker.
 *
 * One adaptation is made in memory, never in the files: TSSerieDPS's pattern
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
  { arquivo: 'tiposSimples_v1.01.xsd', de: '<xs:pattern value="^(?!0{1,5}$)\\d{1,5}$"/>', para: '<xs:pattern value="0{0,4}[1-9][0-9]{0,4}"/>' },
];

export const diretorioEsquemasNacionais = () => join(__dirname, 'esquemas');

let emCache: EsquemasNfe | undefined;

/** File name -> XSD text (adapted as above), read once per process. */
export function carregarEsquemasNfseNacional(): EsquemasNfe {
  if (emCache) return emCache;
  const dir = diretorioEsquemasNacionais();
  const arquivos: Record<string, string> = {};
  for (const nome of readdirSync(dir)) if (nome.endsWith('.xsd')) arquivos[nome] = readFileSync(join(dir, nome), 'utf8');
  for (const a of ADAPTACOES_ESQUEMAS_NACIONAIS) {
    if (!arquivos[a.arquivo]?.includes(a.de)) throw new Error(`Esquema ${a.arquivo} sem o trecho a adaptar: ${a.de}`);
    arquivos[a.arquivo] = arquivos[a.arquivo].replace(a.de, a.para);
  }
  for (const raiz of Object.values(ESQUEMA_RAIZ_NACIONAL)) if (!arquivos[raiz]) throw new Error(`Esquema ${raiz} ausente em ${dir}`);
  emCache = Object.freeze({ versao: VERSAO_ESQUEMAS_NACIONAIS, arquivos: Object.freeze(arquivos) });
  return emCache;
}

export const criarValidadorNfseNacional = (): ValidadorXsd<DocumentoNacional> => criarValidadorXsd(carregarEsquemasNfseNacional(), ESQUEMA_RAIZ_NACIONAL);
