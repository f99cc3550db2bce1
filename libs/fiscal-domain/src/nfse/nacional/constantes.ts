/**
 * NFS-e of the Sistema Nacional (LC 214/2025; layout "DPS/NFS-e" v1.01 of the Comitê Gestor
 * da NFS-e). Facts from the official XSDs v1.01 (tiposSimples_v1.01.xsd), the Sefin Nacional
 * OpenAPI (sefin-nacional-producao.json / -homologacao.json) and Anexo I's business rules.
 */
export const NAMESPACE_NFSE_NACIONAL = 'http://www.sped.fazenda.gov.br/nfse';
/** TVerNFSe: pattern `1\.01`. */
export const VERSAO_LEIAUTE_NACIONAL = '1.01';
/** TSVerAplic (1..20): what this product writes in verAplic. */
export const VERSAO_APLICATIVO_NACIONAL = 'emissor-1.0';

/** The Sefin Nacional API bases (OpenAPI `host` + `basePath`; served over HTTPS with mutual TLS). */
export const URL_SEFIN_NACIONAL = {
  producao: 'https://sefin.nfse.gov.br/SefinNacional',
  homologacao: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
} as const;

/** TSTipoAmbiente: 1 produção, 2 homologação (produção restrita). */
export type AmbienteNacional = '1' | '2';

/** TE101101: the cancellation event. */
export const EVENTO_CANCELAMENTO = { codigo: '101101', descricao: 'Cancelamento de NFS-e' } as const;
/** TSCodJustCanc: 1 erro na emissão, 2 serviço não prestado, 9 outros. The API carries only a text, hence 9. */
export const MOTIVO_CANCELAMENTO_OUTROS = '9';
/** TSMotivo of TE101101: 15..255 characters. */
export const TAMANHO_MOTIVO_CANCELAMENTO = { minimo: 15, maximo: 255 } as const;

/**
 * Anexo I error codes (rn-dps-nfs-e.tsv) this implementation produces or reacts to. `E0014` is the
 * one the client depends on: a DPS (série, número, município, CNPJ) already turned into an NFS-e,
 * answered by consulting GET /dps/{id} instead of counting it as a failure.
 */
export const CODIGOS_SEFIN = {
  identificadorInvalido: 'E0004',
  ambienteDivergente: 'E0006',
  emissaoPosterior: 'E0008',
  dpsJaEmitida: 'E0014',
  competenciaPosterior: 'E0015',
  // Municipality codes: in the convênio register (cLocEmi) or IBGE's table (the others). A simulator without
  // those tables refuses the codes no table can hold (IBGE's check digit, the state prefix).
  municipioEmissorSemConvenio: 'E0037',
  municipioPrestadorInexistente: 'E0130',
  municipioTomadorInexistente: 'E0238',
  localPrestacaoInexistente: 'E0302',
  cnpjTomadorInexistente: 'E0190',
  prestadorIgualTomador: 'E0202',
  // The national service list (tabelas/lista-servicos-nacional): the tomador's address where the ISSQN is
  // due at its establishment, the cTribNac itself, the groups construction and events require.
  enderecoTomadorIncidencia: 'E0234',
  servicoNacionalInexistente: 'E0310',
  grupoObraObrigatorio: 'E0370',
  grupoEventoObrigatorio: 'E0390',
  servicoSemIncidencia: 'E0532',
  // cServ: cNBS is 0-1 in the layout and required with the IBSCBS group.
  nbsObrigatorioComIbsCbs: 'E0322',
  // Values (valores/vServPrest, vDescCondIncond, vDedRed): what the DPS alone decides.
  valorServicoInsuficiente: 'E0427',
  valorServicoMenorQueAbatimentos: 'E0428',
  descontoIncondicionado: 'E0431',
  descontoCondicionado: 'E0432',
  percentualDeducao: 'E0453',
  deducaoAcimaDoDedutivel: 'E0474',
  deducaoAcimaDoServico: 'E0476',
  beneficioAcimaDoServico: 'E0574',
  // pAliq (tribMun).
  aliquotaAcimaDe5: 'E0595',
  aliquotaMei: 'E0600',
  aliquotaSemTributacao: 'E0602',
  aliquotaRegimeEspecial: 'E0604',
  aliquotaExigibilidadeSuspensa: 'E0606',
  aliquotaObrigatoriaRetencaoSn: 'E0621',
  aliquotaSemRetencaoSn: 'E0625',
  // tpRetISSQN: who may not have the ISSQN withheld, and what a retention by the tomador needs.
  retencaoTomadorSemEndereco: 'E0237',
  retencaoMei: 'E0583',
  retencaoRodovia: 'E0596',
  // tribFed.
  baseCalculoPisCofinsAcimaDoServico: 'E0677',
  baseCalculoPisCofinsObrigatoria: 'E0678',
  baseCalculoPisCofinsForaDaFaixa: 'E0680',
  baseCalculoPisCofinsIndevida: 'E0682',
  aliquotaPisObrigatoria: 'E0684',
  aliquotaPisForaDaFaixa: 'E0686',
  aliquotaCofinsObrigatoria: 'E0690',
  aliquotaCofinsForaDaFaixa: 'E0692',
  valorPisDivergente: 'E0694',
  valorCofinsDivergente: 'E0696',
  retencaoCp: 'E0699',
  retencaoIrrf: 'E0700',
  retencaoCsll: 'E0701',
  // totTrib.
  totalTributosFederais: 'E0702',
  totalTributosEstaduais: 'E0703',
  totalTributosMunicipais: 'E0704',
  percentualTributosFederais: 'E0706',
  percentualTributosEstaduais: 'E0707',
  percentualTributosMunicipais: 'E0708',
  totalTributosMei: 'E0710',
  totalTributosMeEpp: 'E0712',
  /** NT 007: not in the Anexo I of ../shared/reference (older); in force at the Sefin since early 2026. */
  totalTributosNaoOptante: 'E0713',
  assinaturaInvalida: 'E0714',
  assinaturaObrigatoria: 'E0717',
  assinaturaDeOutro: 'E0718',
  // The NFS-e the authority computes (infNFSe/valores).
  aliquotaEfetivaAbaixoDaMinima: 'E1297',
  valorLiquidoNegativo: 'E1508',
} as const;

/** Codes of this implementation where Anexo I gives a message without a code (rn-recepcao-dps.tsv). */
export const CODIGOS_RECEPCAO = {
  esquema: 'RNG6110',
  base64: 'RNG6111',
  malformado: 'RNG6112',
  naoEncontrado: 'RNG404',
  jaCancelada: 'RNG840',
  cancelamentoRecusado: 'RNG841',
} as const;
