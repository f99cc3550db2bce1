export * from './recusa-certificado';
