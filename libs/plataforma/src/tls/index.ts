export * from './recusa-certificado';
export * from './erro-rede';
