export * from './assuntos';
export * from './comum/contexto';
export * from './comum/rpc';
export * from './cadastro/certificado';
export * from './nfe/empresa';
export * from './nfe/mercadorias';
export * from './nfe/sefaz';
