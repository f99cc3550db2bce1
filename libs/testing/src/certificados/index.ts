// Test certificates (FOR TESTS ONLY): test CA, ICP-Brasil-like e-CNPJ A1 in PFX, TLS server certificates.
export {
  NOME_AC_TESTE,
  OID_ICP_BRASIL,
  criarAcTeste,
  emitirCertificadoEmpresa,
  emitirCertificadoServidor,
  resumoCertificado,
} from './gerador';
export type {
  AcTeste,
  CertificadoEmpresaTeste,
  CertificadoServidorTeste,
  CodificacaoOtherName,
  OpcoesAcTeste,
  OpcoesCertificadoEmpresa,
  OpcoesCertificadoServidor,
  ResponsavelTeste,
} from './gerador';
export { montarPfx } from './pfx';
export type { FormatoPfx, OpcoesPfx } from './pfx';
export { gerarChaveRsa } from './chaves';
export { ARQUIVO_CERTIFICADO_AC, ARQUIVO_CHAVE_AC, carregarOuCriarAcTeste, gravarArquivo } from './arquivos';
export {
  descreverPfxComOpenssl,
  exportarPfxComOpenssl,
  extrairPfxComOpenssl,
  opensslDisponivel,
  verificarCadeiaComOpenssl,
} from './openssl-cli';
