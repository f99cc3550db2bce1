export * from './saude.controller';
export * from './rotas-operacionais';
