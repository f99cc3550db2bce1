export * from './linhas-saida';
export * from './relay-saida';
export * from './migracao-caixas';
export * from './retencao';
