/** ABRASF 2.04 (the "modelo conceitual" most municipal NFS-e web services implement). */
export const NAMESPACE_ABRASF = 'http://www.abrasf.org.br/nfse.xsd';
export const VERSAO_ABRASF = '2.04';
/** Namespace of the web service operations (WSDL of the ABRASF 2.04 model). */
export const NAMESPACE_WS_ABRASF = 'http://nfse.abrasf.org.br';

/** Web service operations and the message each one carries (request root -> answer root). */
export const OPERACOES_ABRASF = {
  RecepcionarLoteRps: { envio: 'EnviarLoteRpsEnvio', resposta: 'EnviarLoteRpsResposta' },
  ConsultarLoteRps: { envio: 'ConsultarLoteRpsEnvio', resposta: 'ConsultarLoteRpsResposta' },
  ConsultarNfsePorRps: { envio: 'ConsultarNfseRpsEnvio', resposta: 'ConsultarNfseRpsResposta' },
  CancelarNfse: { envio: 'CancelarNfseEnvio', resposta: 'CancelarNfseResposta' },
} as const;
export type OperacaoAbrasf = keyof typeof OPERACOES_ABRASF;
export const ehOperacaoAbrasf = (v: unknown): v is OperacaoAbrasf =>
  typeof v === 'string' && Object.prototype.hasOwnProperty.call(OPERACOES_ABRASF, v);

/** ConsultarLoteRps `Situacao` (tsSituacaoLoteRps). */
export const SITUACAO_LOTE = { naoRecebido: '1', naoProcessado: '2', processadoComErro: '3', processadoComSucesso: '4' } as const;

/**
 * Return codes used by this implementation. `E10` ("RPS já informado") is the ABRASF code a
 * municipality answers for an RPS number it already turned into an NFS-e: the client then asks for
 * that NFS-e by RPS instead of treating it as a failure.
 */
export const CODIGOS_ABRASF = {
  rpsJaInformado: 'E10',
  xmlInvalido: 'E160',
  assinaturaInvalida: 'E515',
  certificadoDivergente: 'E516',
  tomadorIrregular: 'E117',
  loteNaoEncontrado: 'E86',
  loteEmProcessamento: 'E4',
  nfseNaoEncontrada: 'E78',
  rpsNaoEncontrado: 'E92',
  nfseJaCancelada: 'E79',
  quantidadeDivergente: 'E69',
} as const;

/** ABRASF CodigoCancelamento: 1 erro na emissão, 2 serviço não prestado, 4 duplicidade da nota. */
export const CODIGO_CANCELAMENTO_PADRAO = '1';
