export * from './classificacao-tributaria';
export * from './ibs-cbs';
export * from './cfop';
export * from './icms-uf';
export * from './responsavel-tecnico';
export * from './classificacao-tributaria-nfse';
export * from './lista-servicos-nacional';
