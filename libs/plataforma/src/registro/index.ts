export * from './contexto-execucao';
export * from './registro';
