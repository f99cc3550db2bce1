import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  adaptarEsquemasNacionais,
  ESQUEMA_RAIZ,
  ESQUEMA_RAIZ_NACIONAL,
  pacoteDeEsquemas,
  VERSAO_ESQUEMAS,
  VERSAO_ESQUEMAS_NACIONAIS,
  type EsquemasNfe,
} from '@emissor/fiscal-domain';

/**
 * The official schemas, vendored beside this file as unmodified public files:
 * - `PL_010_V1.30/`: the SEFAZ "pacote de liberação" PL_010 v1.30 from the Portal da NF-e, only the
 *   files the validated documents include (nfe, nfeProc, inutNFe; the events' generic envelope
 *   envEvento, the cancellation's and the carta's detEvento schemas e110111/e110110, procEventoNFe;
 *   and the types and XMLDSig they import), plus procCCeNFe/leiauteCCe, with which the carta's e2e
 *   also checks a numeric issuer's procEventoNFe (stricter there than the generic one);
 * - `nfse-nacional-v1.01/`: the national NFS-e XSDs v1.01 (DPS, NFSe, pedRegEvento, evento).
 * Which root checks which document, and the in-memory adaptation of the national files, are the
 * domain's (`esquemas/`, `nfse/nacional/esquemas.ts`). tools/build.mjs copies .xsd files to dist/
 * beside the compiled code, so `__dirname` finds them in both trees; each package is read once per process.
 */
export const diretorioEsquemas = () => join(__dirname, VERSAO_ESQUEMAS);
export const diretorioEsquemasNacionais = () => join(__dirname, `nfse-nacional-${VERSAO_ESQUEMAS_NACIONAIS}`);

/** File name -> text of every .xsd of a folder (includes resolve among them). */
function lerXsds(diretorio: string): Record<string, string> {
  const arquivos: Record<string, string> = {};
  for (const nome of readdirSync(diretorio)) if (nome.endsWith('.xsd')) arquivos[nome] = readFileSync(join(diretorio, nome), 'utf8');
  return arquivos;
}

let nfe: EsquemasNfe | undefined;
let nacionais: EsquemasNfe | undefined;

export function carregarEsquemasNfe(): EsquemasNfe {
  return (nfe ??= pacoteDeEsquemas(VERSAO_ESQUEMAS, lerXsds(diretorioEsquemas()), ESQUEMA_RAIZ));
}

/** The national NFS-e package, adapted as the domain says. */
export function carregarEsquemasNfseNacional(): EsquemasNfe {
  return (nacionais ??= pacoteDeEsquemas(
    VERSAO_ESQUEMAS_NACIONAIS,
    adaptarEsquemasNacionais(lerXsds(diretorioEsquemasNacionais())),
    ESQUEMA_RAIZ_NACIONAL,
  ));
}
