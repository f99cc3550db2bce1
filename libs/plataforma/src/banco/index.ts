export * from './banco';
export * from './compressao';
export * from './migrar';
export * from './transacoes-agrupadas';
export * from './pagina';
