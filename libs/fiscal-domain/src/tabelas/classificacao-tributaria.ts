/**
 * The IBS/CBS classification codes (cClassTrib) an NF-e (model 55) may carry for the CSTs this API
 * writes (000, 200 and 410; see CST_IBS_CBS_SUPORTADOS), as dated data. SEFAZ rejects a code that does
 * not exist (NT 2025.002-RTC v1.31, rule UB14-10, cStat 1023), one of another CST (UB14-20, 1024) and
 * one whose indicator does not allow model 55 (indNFe = 0, UB14-25, 1025).
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
 * CST 200 (reduced rate; read 28/11/2026): codes, pRedIBS / pRedCBS and indNFe from the same two copies,
 * checked against a capture of the SVRS portal of 08/10/2026 (pupunha-dev/reforma-tributaria,
 * fontes/documentos-fiscais/texto/cclasstrib-svrs.md) and Informe Técnico 2025.002 v1.60 of 22/06/2026
 * (carvalho-rafael/utiliso, app/lib/utilitarios/cclasstrib/registros.json): the reductions agree in all
 * four. v1.40 (27/01/2026) switched 200001 and 200044 off for NF-e, so they are not here; 200053 came
 * with v1.40 and 200054 with v1.50. In force from 01/01/2026 (the spreadsheet's dIniVig).
 *
 * Left out on purpose: 400001 (the only CST 400 code; BP-e and NFS-e only, so CST 400 has no code
 * for NF-e), 000002, 410010, 410011, 410015, 410018, 410021-410025, 410027 (not model 55); 000005
 * and 410032-410037 (first in force 01/01/2026, model-55 indicator not in the copies above: a row
 * here once it is verified); the CST 200 codes whose indNFe is 0 (200001, 200016-200019, 200021,
 * 200025-200029, 200037, 200040-200042, 200044-200046, 200048-200052, 200055, 200056).
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
   * 422 (gEstornoCred: ind_gEstornoCred = 1, rule UB116-20, cStat 1173; gTribRegular: ind_gTribRegular
   * = 1, cStat 1065, which also wants the rates of the group at zero).
   */
  exigeGrupo?: GrupoNaoSuportado;
  /**
   * CST 200: the reduction of the rates, in percent as the table writes it (pRedIBS for the UF and
   * municipal IBS, pRedCBS for the CBS), written in each part's gRed as pRedAliq (UB27-10, UB46-10, UB65-10).
   */
  reducao?: { ibs: string; cbs: string };
}

/** Groups of the IBSCBS layout that this API does not fill, with what they are, for messages. */
export const GRUPOS_NAO_SUPORTADOS = Object.freeze({
  gEstornoCred: 'estorno de crédito',
  gTribRegular: 'tributação regular',
});
export type GrupoNaoSuportado = keyof typeof GRUPOS_NAO_SUPORTADOS;

const c = (cClassTrib: string, nome: string, vigenciaInicio: string, exigeGrupo?: GrupoNaoSuportado): ClassificacaoTributaria =>
  Object.freeze({ cClassTrib, cst: cClassTrib.slice(0, 3), nome, vigenciaInicio, ...(exigeGrupo ? { exigeGrupo } : {}) });
/** A CST 200 code: its reductions (pRedIBS, pRedCBS), in force from 01/01/2026. */
const r = (cClassTrib: string, nome: string, ibs: string, cbs: string, exigeGrupo?: GrupoNaoSuportado): ClassificacaoTributaria =>
  Object.freeze({ ...c(cClassTrib, nome, '2026-01-01', exigeGrupo), reducao: Object.freeze({ ibs, cbs }) });

export const CLASSIFICACOES_TRIBUTARIAS_NFE: readonly ClassificacaoTributaria[] = Object.freeze([
  c('000001', 'Situações tributadas integralmente pelo IBS e CBS', '2025-05-05'),
  // 000003/000004 allow (never require) gCredPresOper (UB120-20: "permite, mas não exige").
  c('000003', 'Regime automotivo - projetos incentivados (art. 311)', '2025-05-05'),
  c('000004', 'Regime automotivo - projetos incentivados (art. 312)', '2025-05-05'),
  r('200002', 'Fornecimento ou importação para produtor rural não contribuinte ou TAC', '100', '100'),
  r('200003', 'Vendas de produtos destinados à alimentação humana (Anexo I)', '100', '100'),
  r('200004', 'Fornecimento de dispositivos médicos (Anexo XII)', '100', '100'),
  r(
    '200005',
    'Fornecimento de dispositivos médicos para órgãos da administração pública e entidades de saúde imunes (Anexo IV)',
    '100',
    '100',
  ),
  r('200006', 'Situação de emergência de saúde pública reconhecida pelo Poder público (Anexo XII)', '100', '100'),
  r('200007', 'Fornecimento dos dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo XIII)', '100', '100'),
  r('200008', 'Dispositivos de acessibilidade para pessoas com deficiência adquiridos pela administração pública (Anexo V)', '100', '100'),
  r('200009', 'Fornecimento dos medicamentos registrados na Anvisa', '100', '100'),
  r('200010', 'Fornecimento dos medicamentos registrados na Anvisa, adquiridos por órgãos da administração pública', '100', '100'),
  r('200011', 'Composições para nutrição enteral e parenteral adquiridas por órgãos da administração pública (Anexo VI)', '100', '100'),
  r('200012', 'Situação de emergência de saúde pública reconhecida pelo Poder público', '100', '100'),
  r('200013', 'Fornecimento de tampões higiênicos, absorventes higiênicos internos ou externos', '100', '100'),
  r('200014', 'Fornecimento dos produtos hortícolas, frutas e ovos (Anexo XV)', '100', '100'),
  r('200015', 'Automóveis de passageiros de fabricação nacional para motoristas profissionais ou pessoas com deficiência', '100', '100'),
  r('200020', 'Operação praticada por sociedades cooperativas optantes por regime específico do IBS e CBS', '100', '100'),
  r(
    '200022',
    'Operação originada fora da ZFM que destine bem material industrializado a contribuinte na ZFM',
    '100',
    '100',
    'gTribRegular',
  ),
  r('200023', 'Indústria incentivada que destine bem material intermediário para outra indústria incentivada na ZFM', '100', '100'),
  r(
    '200024',
    'Operação originada fora das Áreas de Livre Comércio destinada a contribuinte nelas estabelecido',
    '100',
    '100',
    'gTribRegular',
  ),
  r('200030', 'Venda dos dispositivos médicos (Anexo IV)', '60', '60'),
  r('200031', 'Fornecimento dos dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo V)', '60', '60'),
  r('200032', 'Medicamentos registrados na Anvisa ou produzidos por farmácias de manipulação, fora os de alíquota zero', '60', '60'),
  r('200033', 'Fornecimento das composições para nutrição enteral e parenteral (Anexo VI)', '60', '60'),
  r('200034', 'Fornecimento dos alimentos destinados ao consumo humano (Anexo VII)', '60', '60'),
  r('200035', 'Fornecimento dos produtos de higiene pessoal e limpeza (Anexo VIII)', '60', '60'),
  r('200036', 'Produtos agropecuários, aquícolas, pesqueiros, florestais e extrativistas vegetais in natura', '60', '60'),
  r('200038', 'Fornecimento dos insumos agropecuários e aquícolas (Anexo IX)', '60', '60'),
  r(
    '200039',
    'Bens e serviços de produções nacionais artísticas, culturais, de eventos, jornalísticas e audiovisuais (Anexo X)',
    '60',
    '60',
  ),
  r('200043', 'Fornecimento à administração pública dos serviços e dos bens relativos à soberania (Anexo XI)', '60', '60'),
  r('200047', 'Bares e Restaurantes', '40', '40'),
  r('200053', 'Fornecimento de medicamentos registrados na Anvisa, quando classificados como soros ou vacinas', '100', '100'),
  // The group comes from one copy only (a scrape of the portal of 05/08/2026); the name ("com anulação de
  // créditos" in the portal) agrees. Refused until verified, rather than a note SEFAZ may reject.
  r('200054', 'Bem material da cooperativa de produção agropecuária a associado fora do regime regular', '100', '100', 'gEstornoCred'),
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

/**
 * Reading one classification table (NF-e, NFS-e): a code's row when it has started by `data` (AAAA-MM-DD,
 * when given), and the codes of a CST the API accepts, for messages.
 */
export function indiceClassificacoes<T extends { cClassTrib: string; cst: string; vigenciaInicio: string }>(
  linhas: readonly T[],
  aceita: (linha: T) => boolean,
) {
  const porCodigo = new Map(linhas.map((l) => [l.cClassTrib, l]));
  return {
    buscar: (cClassTrib: string, data?: string): T | undefined => {
      const l = porCodigo.get(cClassTrib);
      return l && (data === undefined || l.vigenciaInicio <= data) ? l : undefined;
    },
    doCst: (cst: string): string[] => linhas.filter((l) => l.cst === cst && aceita(l)).map((l) => l.cClassTrib),
  };
}

const INDICE_NFE = indiceClassificacoes(CLASSIFICACOES_TRIBUTARIAS_NFE, (l) => !l.exigeGrupo);

/** The table's row for a code, when it may go in an NF-e (and has started by `data`, `AAAA-MM-DD`). */
export const classificacaoTributariaNfe = INDICE_NFE.buscar;

/** The NF-e codes of a CST that the API accepts (not those needing a group it does not fill), for messages. */
export const classificacoesDoCst = INDICE_NFE.doCst;
