// Test certificates (FOR TESTS ONLY): test CA, ICP-Brasil-like e-CNPJ A1 in PFX, TLS server certificates.
// The issuing code lives in the domain (libs/fiscal-domain/src/certificado/emissao) and the test CA's
// files in libs/plataforma (certificados/ac-teste.ts), where the gateway can reach them for sandbox
// certificates; the openssl CLI helpers stay test-only.
export {
  NOME_AC_TESTE,
  OID_ICP_BRASIL,
  criarAcTeste,
  emitirCertificadoEmpresa,
  emitirCertificadoServidor,
  resumoCertificado,
  montarPfx,
  gerarChaveRsa,
} from '@emissor/fiscal-domain';
export { ARQUIVO_CERTIFICADO_AC, carregarOuCriarAcTeste } from '@emissor/plataforma';
export type {
  AcTeste,
  CertificadoEmpresaTeste,
  CertificadoServidorTeste,
  CodificacaoOtherName,
  OpcoesAcTeste,
  OpcoesCertificadoEmpresa,
  OpcoesCertificadoServidor,
  ResponsavelTeste,
  FormatoPfx,
  OpcoesPfx,
} from '@emissor/fiscal-domain';
export {
  descreverPfxComOpenssl,
  exportarPfxComOpenssl,
  extrairPfxComOpenssl,
  opensslDisponivel,
  verificarCadeiaComOpenssl,
} from './openssl-cli';
