/**
 * The IBS/CBS classification codes (cClassTrib) an NF-e (model 55) may carry for the CSTs this API
 * writes (000 and 410; see CST_IBS_CBS_SUPORTADOS), as dated data. SEFAZ rejects a code that does not
 * exist (NT 2025.002-RTC v1.31, rule UB14-10, cStat 1023), one of another CST (UB14-20, 1024) and one
 * whose indicator does not allow model 55 (indNFe = 0, UB14-25, 1025).
 *
 * Source: "Tabela de Código de Classificação Tributária do IBS e da CBS" (Informe Técnico 2025.002,
 * Portal Nacional da NF-e, Documentos > Diversos; the same table served by the SVRS at
 * dfe-portal.svrs.rs.gov.br/CFF/ClassificacaoTributaria). Read through public copies of it, since the
 * portals are not reachable from here: the table as of 13/10/2025 (andre-djsystem/ModelagemRTC,
 * scripts/CCLASSTRIB_OFICIAL.sql, with indNFe per code) and of 11/11/2025
 * (claudiostocco/reformatributaria, scripts/UpdClasTrib.sql, DF-e list per code), the SVRS
 * publication of 22/06/2026 (code list and start dates, copied in a public migration) and Nota
 * Gateway's summary of Informe Técnico 2025.002 v1.31 (notagateway.com.br/?p=8834, table update of
 * 12/12/2025: 410031 enabled for NF-e). Read 24/11/2026.
 *
 * Left out on purpose: 400001 (the only CST 400 code; BP-e and NFS-e only, so CST 400 has no code
 * for NF-e), 000002, 410010, 410011, 410015, 410018, 410021-410025, 410027 (not model 55); 000005
 * and 410032-410037 (first in force 01/01/2026, model-55 indicator not in the copies above: a row
 * here once it is verified).
 */
export interface ClassificacaoTributaria {
  cClassTrib: string;
  /** Its CST (the code's first 3 digits). */
  cst: string;
  nome: string;
  /** dIniVig of the official table (SVRS publication of 22/06/2026). */
  vigenciaInicio: string;
  /**
   * A group SEFAZ requires with this code that this API does not carry: the code is refused with a
   * 422 (gEstornoCred: ind_gEstornoCred = 1, rule UB116-20, cStat 1173).
   */
  exigeGrupo?: 'gEstornoCred';
}

const c = (cClassTrib: string, nome: string, vigenciaInicio: string, exigeGrupo?: 'gEstornoCred'): ClassificacaoTributaria =>
  Object.freeze({ cClassTrib, cst: cClassTrib.slice(0, 3), nome, vigenciaInicio, ...(exigeGrupo ? { exigeGrupo } : {}) });

export const CLASSIFICACOES_TRIBUTARIAS_NFE: readonly ClassificacaoTributaria[] = Object.freeze([
  c('000001', 'Situações tributadas integralmente pelo IBS e CBS', '2025-05-05'),
  // 000003/000004 allow (never require) gCredPresOper (UB120-20: "permite, mas não exige").
  c('000003', 'Regime automotivo - projetos incentivados (art. 311)', '2025-05-05'),
  c('000004', 'Regime automotivo - projetos incentivados (art. 312)', '2025-05-05'),
  c('410001', 'Fornecimento de bonificações que constem do documento fiscal', '2025-05-05'),
  c('410002', 'Transferências entre estabelecimentos do mesmo contribuinte', '2025-05-05'),
  c('410003', 'Doações sem contraprestação em benefício do doador', '2025-05-05'),
  c('410004', 'Exportações de bens e serviços', '2025-05-05'),
  c('410005', 'Fornecimentos realizados pela União, Estados, Distrito Federal e Municípios', '2025-05-05'),
  c('410006', 'Fornecimentos realizados por entidades religiosas e templos de qualquer culto', '2025-05-05'),
  c('410007', 'Fornecimentos realizados por partidos políticos', '2025-05-05'),
  c('410008', 'Fornecimentos de livros, jornais, periódicos e do papel destinado a sua impressão', '2025-05-05'),
  c('410009', 'Fornecimentos de fonogramas e videofonogramas musicais produzidos no Brasil', '2025-05-05'),
  c('410012', 'Fornecimento de condomínio edilício não optante pelo regime regular', '2025-05-05'),
  c('410013', 'Exportações de combustíveis', '2025-05-05'),
  c('410014', 'Fornecimento de produtor rural não contribuinte', '2025-05-05'),
  c('410016', 'Fornecimento ou aquisição de resíduos sólidos', '2025-05-05'),
  c('410017', 'Aquisição de bem móvel com crédito presumido sob condição de revenda realizada', '2025-05-05'),
  c('410019', 'Exclusão da gorjeta na base de cálculo no fornecimento de alimentação', '2025-05-05'),
  c('410020', 'Exclusão do valor de intermediação na base de cálculo no fornecimento de alimentação', '2025-05-05'),
  c('410026', 'Doação com anulação de crédito', '2025-09-30', 'gEstornoCred'),
  c('410028', 'Operações com bens imóveis realizadas por pessoas físicas não contribuintes', '2025-11-19'),
  c('410029', 'Operações acobertadas somente pelo ICMS', '2025-11-19'),
  c('410030', 'Estorno de crédito por perecimento, deterioração, roubo, furto ou extravio', '2025-11-19', 'gEstornoCred'),
  c('410031', 'Fornecimento em período anterior ao início de vigência de CBS e IBS', '2025-11-19'),
  c('410999', 'Operações não onerosas sem previsão de tributação, não especificadas anteriormente', '2025-05-05'),
]);

const POR_CODIGO = new Map(CLASSIFICACOES_TRIBUTARIAS_NFE.map((linha) => [linha.cClassTrib, linha]));

/** The table's row for a code, when it may go in an NF-e (and has started by `data`, `AAAA-MM-DD`). */
export function classificacaoTributariaNfe(cClassTrib: string, data?: string): ClassificacaoTributaria | undefined {
  const linha = POR_CODIGO.get(cClassTrib);
  return linha && (data === undefined || linha.vigenciaInicio <= data) ? linha : undefined;
}

/** The NF-e codes of a CST, for messages. */
export const classificacoesDoCst = (cst: string): string[] =>
  CLASSIFICACOES_TRIBUTARIAS_NFE.filter((l) => l.cst === cst).map((l) => l.cClassTrib);
