// Issuing ICP-Brasil-shaped test certificates: the deployment's test CA and e-CNPJ A1 files from it.
// Moved here from libs/testing so the gateway may issue sandbox certificates (apps may not import the
// testing lib); libs/testing re-exports all of it.
export { NOME_AC_TESTE, criarAcTeste, emitirCertificadoEmpresa, emitirCertificadoServidor, resumoCertificado } from './gerador';
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
export { ARQUIVO_CERTIFICADO_AC, ARQUIVO_CHAVE_AC, carregarOuCriarAcTeste, gravarArquivo, lerAcTeste } from './arquivos';
export { OID_ICP_BRASIL } from '../x509-icp-brasil';
