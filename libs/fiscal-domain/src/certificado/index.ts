export * from './certificado-a1';
export { lerCertificadoPfx, cnpjDoCertificado } from './ler-certificado-pfx';
export * from './raizes-icp-brasil';
export * from './emissao';
export { cadeiaAlcancaAncora } from './cadeia';
