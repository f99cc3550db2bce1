export * from './linhas-saida';
export * from './relay-saida';
