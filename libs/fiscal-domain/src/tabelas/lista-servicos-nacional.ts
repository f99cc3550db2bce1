import { LINHAS_LISTA_SERVICOS_NACIONAL } from './lista-servicos-nacional.dados';

/**
 * The national service list of the Sistema Nacional NFS-e (Anexo I v1.01, MUN.INCID_INFO.SERV.): the
 * cTribNac codes a DPS may carry (E0310), where each service's ISSQN is due (LC 116/2003 art. 3: EP the
 * prestador's establishment, LP where it is provided, ET the tomador's establishment, EDEmit the
 * issuer's), and the DPS group some services require (E0370: `obra` for the construction subitems of
 * item 7; E0390: `atvEvento` for item 12). Data generated from the official sheet
 * (tools/dados/gerar-lista-servicos-nacional.mjs).
 */
export interface ServicoNacional {
  /** cTribNac: item (2) + subitem (2) + desdobro nacional (2). */
  codigo: string;
  descricao: string;
  incidencia: readonly ('EP' | 'LP' | 'ET' | 'EDEmit')[];
  grupo?: 'obra' | 'atvEvento';
}

let indice: Map<string, ServicoNacional> | null = null;

/** The service of a cTribNac, or null when the national list does not have it (E0310). */
export function servicoNacional(codigo: string): ServicoNacional | null {
  indice ??= new Map(
    LINHAS_LISTA_SERVICOS_NACIONAL.map(([c, descricao, incidencia, grupo]) => [
      c,
      { codigo: c, descricao, incidencia, ...(grupo ? { grupo } : {}) },
    ]),
  );
  return indice.get(codigo) ?? null;
}

/** Anexo I E0234: the tomador's address is required when the ISSQN is due at the tomador's establishment. */
export const incidenciaNoTomador = (s: ServicoNacional): boolean => s.incidencia.includes('ET');
