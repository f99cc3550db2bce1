// Issuing ICP-Brasil-shaped test certificates: the deployment's test CA and e-CNPJ A1 files from it,
// as values (PEM, PFX bytes). Here rather than in libs/testing so the gateway may issue sandbox
// certificates; storing the CA on disk is libs/plataforma's (`certificados/ac-teste.ts`).
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
export { OID_ICP_BRASIL } from '../x509-icp-brasil';
