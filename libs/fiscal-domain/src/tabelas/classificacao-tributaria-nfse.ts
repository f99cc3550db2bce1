/**
 * The IBS/CBS classification codes (cClassTrib) the national NFS-e accepts, as dated data: the rows of
 * the official table whose documents include the NFS-e. The DPS carries only the CST and the code
 * (TCRTCInfoTributosSitClas); the Sistema Nacional computes the NFS-e's rates from them
 * (TCRTCValoresIBSCBSUF/Mun/Fed: pAliqEfet = p x (1 - pRedAliq) x (1 - pRedutor), DPS/NFS-e XSD v1.01).
 *
 * Source: "Tabela de Código de Classificação Tributária do IBS e da CBS" as the SVRS portal serves it
 * (dfe-portal.svrs.rs.gov.br/Cff/ClassificacaoTributaria), read through a capture of 08/10/2026
 * (pupunha-dev/reforma-tributaria, fontes/documentos-fiscais/texto/cclasstrib-svrs.md: per code its CST,
 * pRedIBS, pRedCBS, start of validity, the documents that may carry it, and "Trib. regular"; per CST
 * whether it "exige tributação"). Read 28/11/2026. The NF-e's own table is `classificacao-tributaria.ts`.
 */
import { GRUPOS_NAO_SUPORTADOS, indiceClassificacoes } from './classificacao-tributaria';

export interface ClassificacaoTributariaNfse {
  cClassTrib: string;
  /** Its CST (the code's first 3 digits). */
  cst: string;
  nome: string;
  /** Start of validity in the official table (AAAA-MM-DD). */
  vigenciaInicio: string;
  /**
   * Whether IBS/CBS is due under this CST ("exige tributação" in the table): not for exemption (400),
   * immunity (410), credit transfer (800), adjustments (811) and taxation in another document (820),
   * whose NFS-e carries effective rates of zero.
   */
  tributada: boolean;
  /** pRedIBS (both IBS parts) and pRedCBS, in percent: the NFS-e's pRedAliqUF/Mun and pRedAliqCBS. */
  reducao?: { ibs: string; cbs: string };
  /** Why the API refuses it: a group of the DPS it does not fill, or a rate it does not have. */
  recusa?: string;
}

/** CSTs whose "exige tributação" is "Não" in the official table. */
const CST_SEM_TRIBUTACAO = new Set(['400', '410', '620', '800', '810', '811', '820']);

const INICIO = '2025-05-05';
const linha = (
  cClassTrib: string,
  nome: string,
  extra: { vigenciaInicio?: string; reducao?: [string, string]; recusa?: string } = {},
): ClassificacaoTributariaNfse => {
  const cst = cClassTrib.slice(0, 3);
  return Object.freeze({
    cClassTrib,
    cst,
    nome,
    vigenciaInicio: extra.vigenciaInicio ?? INICIO,
    tributada: !CST_SEM_TRIBUTACAO.has(cst),
    ...(extra.reducao ? { reducao: Object.freeze({ ibs: extra.reducao[0], cbs: extra.reducao[1] }) } : {}),
    ...(extra.recusa ? { recusa: extra.recusa } : {}),
  });
};
const DE_2026 = '2026-01-01';
/** The DPS's groups (TCRTCInfoTributosSitClas) a code may require that this API does not fill. */
const grupo = (g: 'gTribRegular' | 'gDif') =>
  `exige o grupo ${g} (${g === 'gDif' ? 'diferimento' : GRUPOS_NAO_SUPORTADOS[g]}) na DPS, que esta API não preenche`;

export const CLASSIFICACOES_TRIBUTARIAS_NFSE: readonly ClassificacaoTributariaNfse[] = Object.freeze([
  linha('000001', 'Situações tributadas integralmente pelo IBS e CBS'),
  linha('000006', 'Situações tributadas integralmente pelo IBS e CBS realizadas por autônomo', { vigenciaInicio: DE_2026 }),
  linha('010001', 'Operações do FGTS não realizadas pela Caixa Econômica Federal'),
  linha('010002', 'Operações do serviço financeiro', { vigenciaInicio: '2025-09-30' }),
  linha('011003', 'Intermediação de planos de assistência à saúde', { reducao: ['60', '60'] }),
  linha('200001', 'Transporte de bens até e a partir das zonas de processamento de exportação', { reducao: ['100', '100'] }),
  linha('200004', 'Fornecimento de dispositivos médicos (Anexo XII)', { reducao: ['100', '100'] }),
  linha('200005', 'Dispositivos médicos para a administração pública e entidades de saúde imunes (Anexo IV)', {
    reducao: ['100', '100'],
  }),
  linha('200006', 'Situação de emergência de saúde pública reconhecida pelo Poder público (Anexo XII)', {
    reducao: ['100', '100'],
  }),
  linha('200007', 'Dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo XIII)', { reducao: ['100', '100'] }),
  linha('200008', 'Dispositivos de acessibilidade adquiridos pela administração pública (Anexo V)', { reducao: ['100', '100'] }),
  linha('200016', 'Pesquisa e desenvolvimento por ICT sem fins lucrativos', { reducao: ['100', '100'] }),
  linha('200017', 'Operações relacionadas ao FGTS pelo Conselho Curador ou Secretaria Executiva', { reducao: ['100', '100'] }),
  linha('200019', 'Importador de serviços financeiros contribuinte com direito a crédito', { reducao: ['100', '100'] }),
  linha('200020', 'Operação de sociedades cooperativas optantes por regime específico', { reducao: ['100', '100'] }),
  linha('200021', 'Transporte público coletivo de passageiros ferroviário e hidroviário urbano e metropolitano', {
    reducao: ['100', '100'],
  }),
  linha('200025', 'Serviços de educação do Programa Universidade para Todos (Prouni)', { reducao: ['60', '100'] }),
  linha('200026', 'Locação de imóveis em zonas reabilitadas', { reducao: ['80', '80'] }),
  linha('200027', 'Locação, cessão onerosa e arrendamento de bens imóveis', { reducao: ['70', '70'] }),
  linha('200028', 'Serviços de educação (Anexo II)', { reducao: ['60', '60'] }),
  linha('200029', 'Serviços de saúde humana (Anexo III)', { reducao: ['60', '60'] }),
  linha('200030', 'Venda dos dispositivos médicos (Anexo IV)', { reducao: ['60', '60'] }),
  linha('200031', 'Dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo V)', { reducao: ['60', '60'] }),
  linha('200037', 'Serviços ambientais de conservação ou recuperação da vegetação nativa', { reducao: ['60', '60'] }),
  linha('200038', 'Insumos agropecuários e aquícolas (Anexo IX)', { reducao: ['60', '60'] }),
  linha('200039', 'Produções nacionais artísticas, culturais, de eventos, jornalísticas e audiovisuais (Anexo X)', {
    reducao: ['60', '60'],
  }),
  linha('200040', 'Serviços de comunicação institucional à administração pública', { reducao: ['60', '60'] }),
  linha('200041', 'Educação desportiva e gestão e exploração do desporto', { reducao: ['60', '60'] }),
  linha('200042', 'Gestão e exploração do desporto por associações e clubes esportivos', { reducao: ['60', '60'] }),
  linha('200043', 'Soberania, segurança nacional, da informação e cibernética para a administração pública (Anexo XI)', {
    reducao: ['60', '60'],
  }),
  linha('200044', 'Segurança da informação e cibernética por sociedade com sócio brasileiro (Anexo XI)', { reducao: ['60', '60'] }),
  linha('200045', 'Projetos de reabilitação urbana de zonas históricas e áreas críticas', { reducao: ['60', '60'] }),
  linha('200046', 'Operações com bens imóveis', { reducao: ['50', '50'] }),
  linha('200048', 'Hotelaria, parques de diversão e parques temáticos', { reducao: ['40', '40'] }),
  linha('200051', 'Agências de turismo', { reducao: ['40', '40'] }),
  linha('200052', 'Profissões intelectuais de natureza científica, literária ou artística', { reducao: ['30', '30'] }),
  // The NF-e asks gEstornoCred with this code; the DPS has no such group.
  linha('200054', 'Bem material da cooperativa agropecuária a associado fora do regime regular', {
    vigenciaInicio: DE_2026,
    reducao: ['100', '100'],
  }),
  linha('200055', 'Serviços com redução de 60 % realizados por autônomo', { vigenciaInicio: DE_2026, reducao: ['60', '60'] }),
  linha('200056', 'Serviços com redução de 30 % realizados por autônomo', { vigenciaInicio: DE_2026, reducao: ['30', '30'] }),
  // A fixed rate per unit (art. 487): the NFS-e's computation from it is not in the layout this API has.
  linha('221001', 'Locação, cessão onerosa ou arrendamento de bem imóvel com alíquota sobre a receita bruta', {
    recusa: 'tem alíquota fixa (CST 221), que esta API não calcula',
  }),
  linha('400001', 'Transporte público coletivo de passageiros rodoviário e metroviário urbano e metropolitano'),
  linha('410001', 'Fornecimento de bonificações que constem do documento fiscal'),
  linha('410003', 'Doações sem contraprestação em benefício do doador'),
  linha('410004', 'Exportações de bens e serviços'),
  linha('410005', 'Fornecimentos realizados pela União, Estados, Distrito Federal e Municípios'),
  linha('410006', 'Fornecimentos realizados por entidades religiosas e templos de qualquer culto'),
  linha('410007', 'Partidos políticos, entidades sindicais dos trabalhadores, instituições de educação e assistência social'),
  linha('410008', 'Livros, jornais, periódicos e o papel destinado a sua impressão'),
  linha('410009', 'Fonogramas e videofonogramas musicais produzidos no Brasil'),
  linha('410010', 'Radiodifusão sonora e de sons e imagens de recepção livre e gratuita'),
  linha('410012', 'Fornecimento de condomínio edilício não optante pelo regime regular'),
  linha('410014', 'Fornecimento de produtor rural não contribuinte'),
  linha('410015', 'Fornecimento por transportador autônomo não contribuinte'),
  linha('410026', 'Doação com anulação de crédito', { vigenciaInicio: '2025-09-30' }),
  linha('410027', 'Bens e serviços vinculados à exportação de bens materiais', { vigenciaInicio: '2025-11-19' }),
  linha('410033', 'Operações com bens imóveis de FII e Fiagro', { vigenciaInicio: DE_2026 }),
  linha('410035', 'Fornecimento realizado por nanoempreendedor', { vigenciaInicio: DE_2026 }),
  linha('410999', 'Operações não onerosas sem previsão de tributação, não especificadas anteriormente'),
  linha('515001', 'Diferimento com insumos agropecuários e aquícolas', {
    vigenciaInicio: '2025-09-30',
    reducao: ['60', '60'],
    recusa: grupo('gDif'),
  }),
  linha('550016', 'Reidi', { recusa: grupo('gTribRegular') }),
  linha('550022', 'Rehidro', { vigenciaInicio: DE_2026, recusa: grupo('gTribRegular') }),
  linha('800001', 'Fusão, cisão ou incorporação'),
  linha('800002', 'Transferência de crédito do associado para a cooperativa'),
  linha('811001', 'Anulação de crédito proporcional às operações imunes e isentas', { vigenciaInicio: '2025-09-30' }),
  linha('811002', 'Débitos de notas fiscais não processadas na apuração', { vigenciaInicio: '2025-09-30' }),
  linha('811003', 'Débitos apurados após o desenquadramento do Simples Nacional', { vigenciaInicio: '2025-09-30' }),
  linha('820001', 'Planos de assistência à saúde com tributação realizada por outro meio'),
  linha('820002', 'Planos de assistência funerária com tributação realizada por outro meio'),
  linha('820003', 'Planos de assistência à saúde de animais domésticos com tributação realizada por outro meio'),
  linha('820004', 'Concursos de prognósticos com tributação realizada por outro meio'),
  linha('820006', 'Exploração de via com tributação realizada por outro meio', { vigenciaInicio: '2025-09-30' }),
  linha('820007', 'Serviços financeiros com tributação realizada por outro meio', { vigenciaInicio: '2025-11-19' }),
  linha('820009', 'Fornecimentos declarados e tributados em outro documento', { vigenciaInicio: DE_2026 }),
]);

const INDICE_NFSE = indiceClassificacoes(CLASSIFICACOES_TRIBUTARIAS_NFSE, (l) => !l.recusa);

/** The table's row for a code the NFS-e may carry (and that has started by `data`, AAAA-MM-DD, when given). */
export const classificacaoTributariaNfse = INDICE_NFSE.buscar;

/** The NFS-e codes of a CST that the API accepts, for messages ([] for a CST no NFS-e code has). */
export const classificacoesNfseDoCst = INDICE_NFSE.doCst;

/** Whether the official table has any NFS-e code of this CST (accepted by the API or not). */
export const cstTemClassificacaoNfse = (cst: string): boolean => CLASSIFICACOES_TRIBUTARIAS_NFSE.some((l) => l.cst === cst);
