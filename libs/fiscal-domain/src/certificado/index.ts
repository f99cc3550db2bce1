export * from './certificado-a1';
export { lerCertificadoPfx, cnpjDoCertificado } from './ler-certificado-pfx';
export { certificadosDoPem } from './pem';
export * from './emissao';
export { cadeiaAlcancaAncora } from './cadeia';
